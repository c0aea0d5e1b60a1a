import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../helpers/test-db.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV, ADMIN_PASSWORD, attemptLoginFrom, bearer, capturingMailer, loginToken } from '../helpers/auth.js';

const NEW_PASSWORD = 'Harbor-Lights-Nine-17';

/** docs/decisions/051-reauth-and-captcha-buckets.md: strangers' failed logins cannot block re-authentication. */
describe.each(engines)('re-authentication under attack (%s)', (engine) => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    const clock = new ManualClock('2026-11-22T12:00:05.000Z');
    t = await buildTestApp({ engine, clock, env: ADMIN_ENV, deps: { auth: { mailer: capturingMailer() } } });
    token = await loginToken(t.app);
  });
  afterEach(() => t.close());

  const post = (url: string, payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  /** 20 failed logins from 20 addresses: the account's login wait is in force. */
  const underAttack = async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await attemptLoginFrom(t.app, `198.51.100.${i + 1}`, `guess-${i}-xxxx`)).statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  };

  it('lets the logged-in admin change the password at once after 20 failed logins from other addresses', async () => {
    await underAttack();
    const res = await post('/api/admin/change-password', { oldPassword: ADMIN_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password changed successfully');
  });

  it('lets the logged-in admin set the recovery email and turn TOTP on at once while logins wait', async () => {
    await underAttack();
    expect(
      (await post('/api/admin/set-email', { email: 'chief@example.com', password: ADMIN_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await post('/api/admin/totp/setup', { password: ADMIN_PASSWORD })).statusCode).toBe(200);
  });
});
