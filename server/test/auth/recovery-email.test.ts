import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../helpers/test-db.js';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ManualClock } from '../../src/lib/clock.js';
import {
  ADMIN_ENV,
  ADMIN_PASSWORD,
  attemptLogin,
  bearer,
  captcha,
  confirmTokenIn,
  loginToken,
  setConfirmedEmail,
} from '../helpers/auth.js';

const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const resetTokenIn = (raw: string) => /reset-password#token=([\w-]+)/.exec(unfold(raw))?.[1];

/** SEC-MAIL-01, checklist T22 (docs/decisions/014-recovery-email-confirmation.md). */
describe.each(engines)('recovery email change (%s)', (engine) => {
  let t: TestApp;
  let smtp: SmtpSink;
  let clock: ManualClock;
  let token: string;
  beforeEach(async () => {
    smtp = await startSmtpSink();
    clock = new ManualClock('2026-11-22T12:00:00.000Z');
    const env = { ...ADMIN_ENV, SMTP_URL: smtp.url };
    t = await buildTestApp({ engine, clock, env, deps: { auth: { mailer: smtp.mailerFor(env) } } });
    token = await loginToken(t.app);
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  const setEmail = (payload: Record<string, unknown>, tk = token) =>
    t.app.inject({ method: 'POST', url: '/api/admin/set-email', headers: bearer(tk), payload });
  const confirm = (confirmToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/confirm-email', payload: { token: confirmToken } });
  const forgot = async (email: string) => {
    const c = await captcha(t.app);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/forgot-password',
      payload: { email, captchaId: c.id, captchaAnswer: c.answer },
    });
  };
  const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
  const user = async () =>
    (await t.app.inject({ method: 'POST', url: '/api/admin/refresh-token', headers: bearer(token) })).json();

  it('refuses a stolen token alone: without the current password nothing changes and no mail goes out', async () => {
    const noPassword = await setEmail({ email: 'thief@evil.example' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().code).toBe('VALIDATION_ERROR');
    const wrong = await setEmail({ email: 'thief@evil.example', password: 'guessed-Password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'The current password is not correct.', code: 'WRONG_PASSWORD' });
    expect(await user()).toMatchObject({ email: null, pendingEmail: null });
    await smtp.settled();
    expect(smtp.mails).toHaveLength(0);
  });

  it('counts wrong current passwords like failed logins, so a token holder cannot guess it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await setEmail({ email: 'thief@evil.example', password: `guess-${i}-xx` })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await setEmail({ email: 'thief@evil.example', password: ADMIN_PASSWORD })).statusCode).toBe(429);
  });

  it('keeps the new address pending until its link is opened; forgot-password does not use it meanwhile', async () => {
    const res = await setEmail({ email: 'New@Example.com', password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message:
        'Almost done: open the link we sent to new@example.com within 60 minutes. The recovery email changes once you do.',
      pendingEmail: 'new@example.com',
    });
    expect(await user()).toMatchObject({ email: null, pendingEmail: 'new@example.com' });
    const link = await smtp.afterMail(() => mailsTo('new@example.com').map((m) => confirmTokenIn(m.raw))[0]);
    expect(unfold(mailsTo('new@example.com')[0]!.raw)).toContain('https://clan.example.com/admin/confirm-email#token=');

    await forgot('new@example.com');
    await smtp.settled();
    expect(smtp.mails.filter((m) => resetTokenIn(m.raw))).toHaveLength(0);

    const done = await confirm(link);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Recovery email set successfully', email: 'new@example.com' });
    expect(await user()).toMatchObject({ email: 'new@example.com', pendingEmail: null });
    expect((await confirm(link)).statusCode).toBe(400);
  });

  it('tells the old address at once, and again once the change applies', async () => {
    await setConfirmedEmail(t.app, token, 'chief@example.com', smtp);
    smtp.mails.length = 0;
    await setEmail({ email: 'second@example.com', password: ADMIN_PASSWORD });
    const notice = await smtp.afterMail(() => mailsTo('chief@example.com')[0]);
    expect(unfold(notice.raw)).toContain('asked to change the recovery email from this address to second@example.com');
    expect(confirmTokenIn(notice.raw)).toBeUndefined();
    const link = await smtp.afterMail(() => mailsTo('second@example.com').map((m) => confirmTokenIn(m.raw))[0]);
    await confirm(link);
    await smtp.afterMail(() => (mailsTo('chief@example.com').length === 2 ? true : undefined));
    expect(unfold(mailsTo('chief@example.com')[1]!.raw)).toContain(
      'was changed from this address to second@example.com',
    );
  });

  it('kills every outstanding reset link when the address changes', async () => {
    await setConfirmedEmail(t.app, token, 'chief@example.com', smtp);
    await forgot('chief@example.com');
    const resetToken = await smtp.afterMail(() => smtp.mails.map((m) => resetTokenIn(m.raw)).find(Boolean));
    await setConfirmedEmail(t.app, token, 'second@example.com', smtp);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reset-password',
      payload: { token: resetToken, newPassword: 'Harbor-Lights-Nine-17' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe('INVALID_RESET_TOKEN');
    expect((await attemptLogin(t.app)).statusCode).toBe(200);
  });

  it('refuses a confirmation link after 60 minutes, and one made stale by a password change', async () => {
    await setEmail({ email: 'late@example.com', password: ADMIN_PASSWORD });
    const late = await smtp.afterMail(() => mailsTo('late@example.com').map((m) => confirmTokenIn(m.raw))[0]);
    clock.advance(61 * 60_000);
    const expired = await confirm(late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('INVALID_CONFIRM_TOKEN');

    token = await loginToken(t.app);
    await setEmail({ email: 'stale@example.com', password: ADMIN_PASSWORD });
    const stale = await smtp.afterMail(() => mailsTo('stale@example.com').map((m) => confirmTokenIn(m.raw))[0]);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: bearer(token),
      payload: { oldPassword: ADMIN_PASSWORD, newPassword: 'Harbor-Lights-Nine-17' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await confirm(stale)).statusCode).toBe(400);
  });
});
