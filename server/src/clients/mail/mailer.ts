import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends one mail; rejects on failure (callers log it, REL-JOB-12). */
export interface Mailer {
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
}

const SEND_TIMEOUT_MS = 30_000;

/** Replaces the secret of every `token=` link in a text (reset and confirmation links). */
export function withoutLiveLinks(text: string): string {
  return text.replace(/([?&#]token=)[^\s&#]+/g, '$1[withheld]');
}

/**
 * nodemailer over SMTP_URL; without it each mail is written to the server log once
 * (docs/architecture.md §3 "SMTP_URL unset = log"), which is how a self-hoster gets a reset link
 * before mail is configured. SEC-LOG-01: with NODE_ENV=production the live link is withheld
 * from the log unless MAIL_LOG_LINKS=1 says the operator wants it there.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const from = config.MAIL_FROM ?? `ClanOps <no-reply@${new URL(config.PUBLIC_URL).hostname}>`;
  if (!config.SMTP_URL) {
    const printLinks = config.NODE_ENV !== 'production' || config.MAIL_LOG_LINKS === '1';
    return {
      kind: 'log',
      send: async (message) => {
        const text = printLinks ? message.text : withoutLiveLinks(message.text);
        const note =
          text === message.text ? '' : '\n(The link is withheld from the log: set SMTP_URL, or MAIL_LOG_LINKS=1.)';
        log.info(`Mail not sent (SMTP_URL is not set). To: ${message.to}. Subject: ${message.subject}\n${text}${note}`);
      },
    };
  }
  // nodemailer is loaded only when SMTP is configured (docs/decisions/073-live-memory.md).
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');
  const transport = nodemailer.createTransport(config.SMTP_URL, {
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  return {
    kind: 'smtp',
    send: async (message) => {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
