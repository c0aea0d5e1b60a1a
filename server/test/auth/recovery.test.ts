import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../helpers/test-db.js';
import { startSmtpSink } from '../helpers/smtp-sink.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ManualClock } from '../../src/lib/clock.js';
import { FORGOT_PASSWORD_MESSAGE } from '#contracts/admin-auth';
import {
  ADMIN_ENV,
  ADMIN_PASSWORD,
  attemptLogin,
  bearer,
  captcha,
  countingHasher,
  loginToken,
  setConfirmedEmail,
  attemptLoginFrom,
} from '../helpers/auth.js';

/** The link out of a quoted-printable body (soft line breaks joined). */
const linkIn = (raw: string) =>
  /https:\/\/clan\.example\.com\/admin\/reset-password#token=[\w-]+/.exec(
    raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
  )?.[0];
const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;

describe.each(engines)('password recovery by mail (%s)', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let clock: ManualClock;
  let hasher: ReturnType<typeof countingHasher>;
  beforeEach(async () => {
    hasher = countingHasher();
    smtp = await startSmtpSink();
    clock = new ManualClock('2026-11-22T12:00:00.000Z');
    const env = { ...ADMIN_ENV, SMTP_URL: smtp.url, MAIL_FROM: 'ClanOps <ops@clan.example.com>' };
    t = await buildTestApp({ engine, clock, env, deps: { auth: { hasher, mailer: smtp.mailerFor(env) } } });
    const token = await loginToken(t.app);
    await setConfirmedEmail(t.app, token, 'chief@example.com', smtp);
    smtp.mails.length = 0;
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  const forgot = async (email: string, headers: Record<string, string> = {}) => {
    const c = await captcha(t.app);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/forgot-password',
      headers,
      payload: { email, captchaId: c.id, captchaAnswer: c.answer },
    });
  };
  const reset = (token: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/reset-password', payload: { token, newPassword } });
  /** The n-th reset link received (notices carry no link). */
  const mailLink = async (n: number) =>
    smtp.afterMail(() => smtp.mails.map((m) => linkIn(m.raw)).filter((l): l is string => l !== undefined)[n - 1]);

  it('mails a reset link through SMTP; the link resets the password; old sessions die, no auto-login', async () => {
    const session = await loginToken(t.app);
    const res = await forgot('Chief@Example.com', { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    const link = await mailLink(1);
    expect(smtp.mails[0]!.to).toEqual(['chief@example.com']);
    expect(smtp.mails[0]!.raw).not.toContain('evil.example');
    expect(tokenOf(link)).toMatch(/^[\w-]{43}$/);

    const done = await reset(tokenOf(link), 'Harbor-Lights-Nine-17');
    expect(done.statusCode).toBe(200);
    expect(done.json()).not.toHaveProperty('token');
    expect((await attemptLogin(t.app, { password: 'Harbor-Lights-Nine-17' })).statusCode).toBe(200);
    expect((await attemptLogin(t.app, { password: ADMIN_PASSWORD })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/refresh-token', headers: bearer(session) })).statusCode,
    ).toBe(401);
    // SEC-RST-05: a notice goes to the recovery email.
    await smtp.afterMail(() => (smtp.mails.length >= 2 ? true : undefined));
    expect(smtp.mails[1]!.raw).toContain('password was changed');
  });

  it('lets a reset get the admin back in while login is throttled, as a known device (SEC-LOGIN-05)', async () => {
    // A stranger at another address fills the account's delay bucket.
    for (let i = 0; i < 6; i++) await attemptLoginFrom(t.app, '198.51.100.9', `attacker-guess-${i}`);
    expect((await attemptLoginFrom(t.app, '203.0.113.5', ADMIN_PASSWORD)).statusCode).toBe(429);
    await forgot('chief@example.com');
    const done = await reset(tokenOf(await mailLink(1)), 'Harbor-Lights-Nine-17');
    expect(done.statusCode).toBe(200);
    const cookie = String(done.headers['set-cookie']);
    expect(cookie).toMatch(
      /^clanops_device=[\w.-]+; Max-Age=\d+; Path=\/api\/admin\/login; HttpOnly; Secure; SameSite=Strict$/,
    );
    // The stranger keeps failing; the browser that did the reset is a known device and gets in.
    for (let i = 0; i < 6; i++) await attemptLoginFrom(t.app, '198.51.100.9', `attacker-guess-x${i}`);
    const known = await attemptLoginFrom(t.app, '198.51.100.9', 'Harbor-Lights-Nine-17', {
      cookie: cookie.split(';')[0]!,
    });
    expect(known.statusCode).toBe(200);
  });

  it('does not hash a new password for a token that does not exist', async () => {
    const before = hasher.hashes;
    const res = await reset('A'.repeat(43), 'Harbor-Lights-Nine-17');
    expect(res.statusCode).toBe(400);
    expect(hasher.hashes).toBe(before);
  });

  it('stores only the hash of the token', async () => {
    await forgot('chief@example.com');
    const token = tokenOf(await mailLink(1));
    const rows = await t.db.kysely.selectFrom('password_reset_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers an unknown address exactly like the real one, and sends nothing', async () => {
    const known = await forgot('chief@example.com');
    await mailLink(1);
    const unknown = await forgot('stranger@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await smtp.settled();
    expect(smtp.mails).toHaveLength(1);
  });

  it('refuses a wrong captcha on forgot-password and sends nothing', async () => {
    const c = await captcha(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/forgot-password',
      payload: { email: 'chief@example.com', captchaId: c.id, captchaAnswer: String(c.answer) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/captcha/i);
    await smtp.settled();
    expect(smtp.mails).toHaveLength(0);
  });

  it('refuses a reused link', async () => {
    await forgot('chief@example.com');
    const token = tokenOf(await mailLink(1));
    expect((await reset(token, 'Harbor-Lights-Nine-17')).statusCode).toBe(200);
    const again = await reset(token, 'Another-Strong-Pass-88');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_RESET_TOKEN');
    expect((await attemptLogin(t.app, { password: 'Harbor-Lights-Nine-17' })).statusCode).toBe(200);
  });

  it('refuses a link after 60 minutes', async () => {
    await forgot('chief@example.com');
    const token = tokenOf(await mailLink(1));
    clock.advance(61 * 60_000);
    expect((await reset(token, 'Harbor-Lights-Nine-17')).statusCode).toBe(400);
    expect((await attemptLogin(t.app)).statusCode).toBe(200);
  });

  it('lets exactly one of two parallel submits win; the password is the winner’s', async () => {
    await forgot('chief@example.com');
    const token = tokenOf(await mailLink(1));
    const [a, b] = await Promise.all([reset(token, 'First-Racer-Pass-11'), reset(token, 'Second-Racer-Pass-22')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const winner = a.statusCode === 200 ? 'First-Racer-Pass-11' : 'Second-Racer-Pass-22';
    const loser = a.statusCode === 200 ? 'Second-Racer-Pass-22' : 'First-Racer-Pass-11';
    expect((await attemptLogin(t.app, { password: loser })).statusCode).toBe(401);
    expect((await attemptLogin(t.app, { password: winner })).statusCode).toBe(200);
  });

  it('kills outstanding links when the password is changed, and older links once a newer one is used', async () => {
    await forgot('chief@example.com');
    const older = tokenOf(await mailLink(1));
    await forgot('chief@example.com');
    const newer = tokenOf(await mailLink(2));
    expect((await reset(newer, 'Harbor-Lights-Nine-17')).statusCode).toBe(200);
    expect((await reset(older, 'Another-Strong-Pass-88')).statusCode).toBe(400);

    await forgot('chief@example.com');
    const pending = tokenOf(await mailLink(3));
    const session = await loginToken(t.app, 'Harbor-Lights-Nine-17');
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: bearer(session),
      payload: { oldPassword: 'Harbor-Lights-Nine-17', newPassword: 'Quiet-Meadow-Forty-3' },
    });
    expect((await reset(pending, 'Another-Strong-Pass-88')).statusCode).toBe(400);
  });

  it('applies the password policy on reset without using up the link', async () => {
    await forgot('chief@example.com');
    const token = tokenOf(await mailLink(1));
    expect((await reset(token, 'short')).json().error).toContain('Password must be at least 8 characters');
    expect((await reset(token, 'password123')).json().error).toMatch(/too common/);
    expect((await reset(token, 'Harbor-Lights-Nine-17')).statusCode).toBe(200);
  });

  it('sends at most 3 reset mails per hour, with unchanged answers, and never locks login', async () => {
    const bodies = new Set<string>();
    for (let i = 0; i < 6; i++) bodies.add((await forgot('chief@example.com')).body);
    expect([...bodies]).toEqual([JSON.stringify({ message: FORGOT_PASSWORD_MESSAGE })]);
    await mailLink(3);
    await smtp.settled();
    expect(smtp.mails).toHaveLength(3);
    expect((await attemptLogin(t.app)).statusCode).toBe(200);
  });

  it('throttles token guessing per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await reset(`guess-${i}-${'x'.repeat(30)}`, 'Harbor-Lights-Nine-17')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
