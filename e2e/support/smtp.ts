import type net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { test as base } from './fixtures';

export interface SmtpSink {
  url: string;
  mails: string[];
}

/** A real SMTP peer for the spec's server: SMTP_URL points at it (docs/product.md §4 recovery flow). */
export const test = base.extend<object, { smtp: SmtpSink }>({
  smtp: [
    async ({}, use) => {
      const mails: string[] = [];
      const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, _session, callback) {
          let raw = '';
          stream.on('data', (c: Buffer) => (raw += c.toString()));
          stream.on('end', () => {
            mails.push(raw);
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.server.address() as net.AddressInfo;
      await use({ url: `smtp://127.0.0.1:${port}`, mails });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    { scope: 'worker' },
  ],
  serverEnv: [async ({ smtp }, use) => use({ SMTP_URL: smtp.url }), { scope: 'worker' }],
});

/** The first link to `path` in the mails received so far (quoted-printable soft breaks joined). */
export function linkIn(mails: string[], path: string): string | undefined {
  for (const raw of mails) {
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const m = new RegExp(`http://127\\.0\\.0\\.1:\\d+${path}#token=[\\w-]+`).exec(text);
    if (m) return m[0];
  }
  return undefined;
}

export { shot } from './screenshots';
