import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A local HTTP server standing in for Discord's webhook endpoint. */
export async function startDiscordReceiver(
  answer: (req: ReceivedRequest, index: number) => { status: number; body?: unknown; headers?: Record<string, string> },
) {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const entry = {
        url: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(raw || '{}') as Record<string, unknown>,
      };
      received.push(entry);
      const a = answer(entry, received.length - 1);
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(a.body === undefined ? '' : JSON.stringify(a.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/1/secret-token`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
