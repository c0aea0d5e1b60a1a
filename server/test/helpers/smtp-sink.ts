import net from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { createMailer, type Mailer, type MailMessage } from '../../src/clients/mail/mailer.js';
import { loadConfig } from '../../src/config/env.js';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A mailer whose sends a test can await: nothing is slept on (docs/architecture.md §10). */
export interface SettlingMailer extends Mailer {
  /** resolves once every mail asked for so far was sent (or failed) */
  settled(): Promise<void>;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** the app's own SMTP mailer for `env` (pass it as deps.auth.mailer), sending to this sink */
  mailerFor(env: Record<string, string>): SettlingMailer;
  /** every mail the app asked for has reached the sink (or failed) */
  settled(): Promise<void>;
  /** the raw texts received so far */
  texts(): string[];
  /** what `probe` finds once the app's mail has gone out; fails when it finds nothing */
  afterMail<T>(probe: () => T | undefined): Promise<T>;
  close(): Promise<void>;
}

/** Wraps a mailer so every send in flight can be awaited. */
export function settling(inner: Mailer): SettlingMailer {
  const inFlight = new Set<Promise<void>>();
  return {
    kind: inner.kind,
    send(message: MailMessage) {
      const sent = inner.send(message);
      const done = sent.then(
        () => undefined,
        () => undefined,
      );
      inFlight.add(done);
      void done.finally(() => inFlight.delete(done));
      return sent;
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

/** A real SMTP peer on a loopback port that records every mail (docs/architecture.md §2). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const mailers: SettlingMailer[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  const url = `smtp://127.0.0.1:${port}`;
  const settled = async () => void (await Promise.all(mailers.map((m) => m.settled())));
  return {
    url,
    mails,
    mailerFor(env) {
      const config = loadConfig({ NODE_ENV: 'test', ...env, SMTP_URL: url });
      const mailer = settling(createMailer(config, pino({ level: 'silent' })));
      mailers.push(mailer);
      return mailer;
    },
    settled,
    texts: () => mails.map((m) => m.raw),
    async afterMail(probe) {
      await settled();
      const value = probe();
      if (value === undefined) throw new Error('the expected mail did not arrive');
      return value;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
