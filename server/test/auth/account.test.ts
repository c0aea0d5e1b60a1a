import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../helpers/test-db.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import {
  ADMIN_ENV,
  ADMIN_PASSWORD,
  attemptLogin,
  bearer,
  capturingMailer,
  loginToken,
  setConfirmedEmail,
} from '../helpers/auth.js';

describe.each(engines)('admin account settings (%s)', (engine) => {
  let t: TestApp;
  let mailer: ReturnType<typeof capturingMailer>;
  let token: string;
  beforeEach(async () => {
    mailer = capturingMailer();
    t = await buildTestApp({ engine, env: ADMIN_ENV, deps: { auth: { mailer } } });
    token = await loginToken(t.app);
  });
  afterEach(() => t.close());

  const change = (oldPassword: string, newPassword: string, tk = token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: bearer(tk),
      payload: { oldPassword, newPassword },
    });
  const setEmail = (email: unknown, tk = token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/set-email',
      headers: bearer(tk),
      payload: { email, password: ADMIN_PASSWORD },
    });

  it('changes the password: the new one logs in, the old one no longer does', async () => {
    const res = await change(ADMIN_PASSWORD, 'Harbor-Lights-Nine-17');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Password changed successfully', mustChangePassword: false });
    expect((await attemptLogin(t.app, { password: ADMIN_PASSWORD })).statusCode).toBe(401);
    expect((await attemptLogin(t.app, { password: 'Harbor-Lights-Nine-17' })).statusCode).toBe(200);
  });

  it('refuses a wrong current password, and counts it in a re-authentication bucket apart from logins', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await change(`not-the-password-${i}`, 'Harbor-Lights-Nine-17')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // The session's guesses wait, the right password too; the login page is not held by them.
    expect((await change(ADMIN_PASSWORD, 'Harbor-Lights-Nine-17')).statusCode).toBe(429);
    expect((await attemptLogin(t.app)).statusCode).toBe(200);
  });

  it.each([
    ['7 characters', 'Abc-123', 'Password must be at least 8 characters'],
    ['a common password', 'iloveyou1', 'This password is too common. Please choose a less predictable one.'],
    ['129 characters', 'x'.repeat(129), 'newPassword: Password must be at most 128 characters'],
  ])('refuses a new password of %s', async (_name, newPassword, message) => {
    const res = await change(ADMIN_PASSWORD, newPassword);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect((await attemptLogin(t.app)).statusCode).toBe(200);
  });

  it('accepts any Unicode and spaces, verified exactly as typed', async () => {
    const pw = '  Ünïcødé pässwörd 🐉 ';
    expect((await change(ADMIN_PASSWORD, pw)).statusCode).toBe(200);
    expect((await attemptLogin(t.app, { password: pw.trim() })).statusCode).toBe(401);
    expect((await attemptLogin(t.app, { password: pw })).statusCode).toBe(200);
  });

  it.each([
    ['not-an-email'],
    ['a@b.c\r\nBcc: victim@example.com'],
    [`${'a'.repeat(250)}@example.com`],
    [''],
    [['x@example.com']],
  ])('answers 400 with an error for the address %j', async (email) => {
    const res = await setEmail(email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.stringMatching(/email/i), code: 'VALIDATION_ERROR' });
  });

  it('notifies the recovery email when the password changes', async () => {
    await setConfirmedEmail(t.app, token, 'chief@example.com', mailer);
    const res = await change(ADMIN_PASSWORD, 'Harbor-Lights-Nine-17');
    await new Promise((r) => setImmediate(r));
    expect(mailer.sent.map((m) => m.subject)).toContain('ClanOps: your admin password was changed');
    expect(JSON.stringify(mailer.sent)).not.toContain('Harbor-Lights-Nine-17');
    expect(res.statusCode).toBe(200);
  });
});
