import type { FastifyInstance } from 'fastify';
import type { Mailer, MailMessage } from '../../src/clients/mail/mailer.js';
import { createArgon2Hasher, type PasswordHasher } from '../../src/modules/auth/password-hasher.js';

export const ADMIN_PASSWORD = 'Lantern-Crown-Seven-42';
export const ADMIN_ENV = { ADMIN_USERNAME: 'chief', ADMIN_PASSWORD, PUBLIC_URL: 'https://clan.example.com' };

/** The real argon2 hasher, counting verify and hash calls (SEC-LOGIN-02, SEC-CAPTCHA-03). */
export function countingHasher(): PasswordHasher & { verifies: number; hashes: number } {
  const real = createArgon2Hasher();
  const counter = {
    verifies: 0,
    hashes: 0,
    hash: (pw: string) => {
      counter.hashes++;
      return real.hash(pw);
    },
    verify: (h: string, pw: string) => {
      counter.verifies++;
      return real.verify(h, pw);
    },
  };
  return counter;
}

/** What a test reads of the mail the app sent: the texts so far, once every send has settled. */
export interface MailLog {
  texts(): string[];
  settled(): Promise<void>;
}

/** A mailer that keeps what it was asked to send (at once: nothing to wait for). */
export function capturingMailer(): Mailer & MailLog & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'smtp',
    sent,
    send: async (m) => void sent.push(m),
    texts: () => sent.map((m) => m.text),
    settled: async () => undefined,
  };
}

/** Solves "What is a + b?" the way a person (or a bot) would. */
export function solve(question: string): number {
  const m = /What is (\d+) ([+\-×]) (\d+)\?/.exec(question);
  if (!m) throw new Error(`unexpected captcha question: ${question}`);
  const a = Number(m[1]);
  const b = Number(m[3]);
  return m[2] === '+' ? a + b : m[2] === '-' ? a - b : a * b;
}

export async function captcha(
  app: FastifyInstance,
  headers: Record<string, string> = {},
): Promise<{ id: string; answer: number }> {
  const res = await app.inject({ method: 'GET', url: '/api/admin/captcha', headers });
  if (res.statusCode !== 200) throw new Error(`captcha: ${res.statusCode} ${res.body}`);
  const body = res.json() as { id: string; question: string };
  return { id: body.id, answer: solve(body.question) };
}

export async function attemptLogin(
  app: FastifyInstance,
  creds: { username?: string; password?: string } = {},
  headers: Record<string, string> = {},
) {
  const c = await captcha(app, headers);
  return app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers,
    payload: {
      username: creds.username ?? 'chief',
      password: creds.password ?? ADMIN_PASSWORD,
      captchaId: c.id,
      captchaAnswer: c.answer,
    },
  });
}

/**
 * A login from a given client address (and, in `headers`, maybe a device cookie), with the captcha
 * the login form fetches: from /api/admin/login/captcha, where the browser sends its device cookie.
 */
export async function attemptLoginFrom(
  app: FastifyInstance,
  remoteAddress: string,
  password: string,
  headers: Record<string, string> = {},
  username = 'chief',
) {
  const res = await app.inject({ method: 'GET', url: '/api/admin/login/captcha', remoteAddress, headers });
  if (res.statusCode !== 200) return res;
  const c = res.json() as { id: string; question: string };
  return app.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress,
    headers,
    payload: { username, password, captchaId: c.id, captchaAnswer: solve(c.question) },
  });
}

/** The `name=value` part of a response's device cookie. */
export const deviceCookieOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';

export async function loginToken(app: FastifyInstance, password = ADMIN_PASSWORD): Promise<string> {
  const res = await attemptLogin(app, { password });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The token of a confirmation link in a mail text (quoted-printable soft breaks joined). */
export function confirmTokenIn(raw: string): string | undefined {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return /\/admin\/confirm-email#token=([\w-]+)/.exec(text)?.[1];
}

/**
 * Sets the recovery email the way the admin does it: the current password, then the link
 * mailed to the new address, read from `mail` once the app has sent it.
 */
export async function setConfirmedEmail(
  app: FastifyInstance,
  token: string,
  email: string,
  mail: MailLog,
  password = ADMIN_PASSWORD,
): Promise<void> {
  const before = mail.texts().length;
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/set-email',
    headers: bearer(token),
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`set-email: ${res.statusCode} ${res.body}`);
  await mail.settled();
  const confirm = mail.texts().slice(before).map(confirmTokenIn).find(Boolean);
  if (!confirm) throw new Error('no confirmation mail arrived');
  const done = await app.inject({ method: 'POST', url: '/api/admin/confirm-email', payload: { token: confirm } });
  if (done.statusCode !== 200) throw new Error(`confirm-email: ${done.statusCode} ${done.body}`);
}
