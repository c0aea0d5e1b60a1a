import nodemailer from 'nodemailer';
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

/**
 * nodemailer over SMTP_URL; without it each mail is written to the server log once
 * (docs/architecture.md §3 "SMTP_URL unset = log"), which is how a self-hoster gets a reset link
 * before mail is configured.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const from = config.MAIL_FROM ?? `ClanOps <no-reply@${new URL(config.PUBLIC_URL).hostname}>`;
  if (!config.SMTP_URL) {
    return {
      kind: 'log',
      send: async (message) => {
        log.info(
          `Mail not sent (SMTP_URL is not set). To: ${message.to}. Subject: ${message.subject}\n${message.text}`,
        );
      },
    };
  }
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
