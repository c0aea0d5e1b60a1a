import http from 'node:http';
import type net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ClashRoyaleApiError, ClashRoyaleClient } from '../../src/clients/clash-royale/index.js';

/** SEC-OUT-01: a real local HTTP peer that redirects or sends too much. */
async function peer(handler: http.RequestListener): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.url} ${req.headers.authorization ?? ''}`);
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, hits, close: () => new Promise((r) => server.close(() => r())) };
}

describe('Clash Royale client outbound safety (SEC-OUT-01)', () => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const p of open.splice(0)) await p.close();
  });

  it('refuses a redirecting answer with a typed error, and never sends the token to the new location', async () => {
    const target = await peer((_req, res) => res.end('{}'));
    const redirector = await peer((_req, res) => {
      res.writeHead(302, { location: `${target.url}/clans/%232PQ8L0C` });
      res.end();
    });
    open.push(target, redirector);
    const client = new ClashRoyaleClient({ baseUrl: redirector.url, token: 'secret-token' });
    const error = await client.getClan('#2PQ8L0C').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ClashRoyaleApiError);
    expect(error).toMatchObject({ reason: 'redirected', status: null });
    expect((error as ClashRoyaleApiError).userMessage).toMatch(/redirect/);
    expect(redirector.hits).toHaveLength(1);
    expect(target.hits).toEqual([]);
  });

  it('refuses a body over the cap, announced or streamed, without reading it all', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const streamer = await peer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const push = () => {
        while (sent < 16 * chunk.length) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', push);
        }
        res.end();
      };
      push();
    });
    const announcer = await peer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(20 * 1024 * 1024) });
      res.write('{');
    });
    open.push(streamer, announcer);
    for (const p of [streamer, announcer]) {
      const client = new ClashRoyaleClient({ baseUrl: p.url, token: 't', maxAttempts: 1 });
      const error = await client.getClan('#2PQ8L0C').catch((err: unknown) => err);
      expect(error).toMatchObject({ reason: 'badResponse', apiMessage: 'body larger than 8388608 bytes' });
    }
    expect(sent).toBeLessThan(16 * chunk.length);
  });
});
