import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../helpers/test-db.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ManualClock } from '../../src/lib/clock.js';
import { resetAdminPassword } from '../../src/cli/reset-password.js';
import { ADMIN_ENV, ADMIN_PASSWORD, attemptLogin, bearer, capturingMailer, loginToken } from '../helpers/auth.js';
import { codeAt, enrolTotp } from '../helpers/totp.js';

/** SEC-MFA-01, docs/decisions/017-totp.md. */
describe.each(engines)('TOTP second factor (%s)', (engine) => {
  let t: TestApp;
  let clock: ManualClock;
  let token: string;
  beforeEach(async () => {
    clock = new ManualClock('2026-11-22T12:00:05.000Z');
    t = await buildTestApp({ engine, clock, env: ADMIN_ENV, deps: { auth: { mailer: capturingMailer() } } });
    token = await loginToken(t.app);
  });
  afterEach(() => t.close());

  const now = () => clock.now();
  const step2 = (challenge: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login/totp', payload: { challenge, code } });
  const refresh = (tk: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/refresh-token', headers: bearer(tk) });
  const passwordStep = async () => {
    const res = await attemptLogin(t.app);
    expect(res.statusCode).toBe(200);
    return res.json() as { totpRequired: true; challenge: string; token?: string };
  };

  it('enrols after the password again: a secret and otpauth URI, then 10 recovery codes; other sessions end', async () => {
    const other = await loginToken(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/totp/setup',
      headers: bearer(token),
      payload: { password: 'not-my-password' },
    });
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    const enrolled = await enrolTotp(t.app, token, now);
    expect(enrolled.uri).toMatch(/^otpauth:\/\/totp\/ClanOps%20\(clan\.example\.com\):chief\?.*secret=[A-Z2-7]+/);
    expect(enrolled.recoveryCodes).toHaveLength(10);
    expect(new Set(enrolled.recoveryCodes).size).toBe(10);
    for (const code of enrolled.recoveryCodes) expect(code).toMatch(/^([a-z2-7]{4}-){5}[a-z2-7]{4}$/);
    // token_version moved on: the old tokens are dead, the answer's token works and says so.
    expect((await refresh(token)).statusCode).toBe(401);
    expect((await refresh(other)).statusCode).toBe(401);
    const fresh = await refresh(enrolled.token);
    expect(fresh.json()).toMatchObject({ totpEnabled: true });
    // Codes are stored hashed only.
    const rows = await t.db.kysely.selectFrom('totp_recovery_codes').selectAll().execute();
    expect(rows).toHaveLength(10);
    expect(JSON.stringify(rows)).not.toContain(enrolled.recoveryCodes[0]!.replace(/-/g, ''));
  });

  it('refuses a wrong first code, and keeps TOTP off', async () => {
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/totp/setup',
      headers: bearer(token),
      payload: { password: ADMIN_PASSWORD },
    });
    const wrongCode = codeAt(setup.json().secret, new Date(now().getTime() + 5 * 60_000));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/totp/enable',
      headers: bearer(token),
      payload: { code: wrongCode },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TOTP_FAILED');
    expect((await refresh(token)).json()).toMatchObject({ totpEnabled: false });
  });

  it('asks for a code after the password, logs in with it, and refuses the same code again', async () => {
    const { secret } = await enrolTotp(t.app, token, now);
    clock.advance(30_000);
    const first = await passwordStep();
    expect(first).toMatchObject({ totpRequired: true, challenge: expect.any(String) });
    expect(first.token).toBeUndefined();
    const code = codeAt(secret, now());
    const ok = await step2(first.challenge, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ username: 'chief', totpEnabled: true, token: expect.any(String) });
    expect(String(ok.headers['set-cookie'])).toMatch(/^clanops_device=/);
    // The challenge is used up, and the code cannot be replayed with a new challenge.
    expect((await step2(first.challenge, code)).json().code).toBe('LOGIN_EXPIRED');
    const second = await passwordStep();
    const replay = await step2(second.challenge, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('TOTP_FAILED');
    clock.advance(30_000);
    expect((await step2(second.challenge, codeAt(secret, now()))).statusCode).toBe(200);
  });

  it('takes a recovery code once', async () => {
    const { recoveryCodes } = await enrolTotp(t.app, token, now);
    const code = recoveryCodes[3]!;
    const ok = await step2((await passwordStep()).challenge, code.toUpperCase());
    expect(ok.statusCode).toBe(200);
    const again = await step2((await passwordStep()).challenge, code);
    expect(again.statusCode).toBe(401);
    expect((await step2((await passwordStep()).challenge, recoveryCodes[4]!)).statusCode).toBe(200);
  });

  it('limits wrong codes per account (its own bucket), and lets a challenge expire', async () => {
    const { secret } = await enrolTotp(t.app, token, now);
    const { challenge } = await passwordStep();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await step2(challenge, String(100000 + i))).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    clock.advance(5 * 60_000 + 1);
    expect((await step2(challenge, codeAt(secret, now()))).json().code).toBe('LOGIN_EXPIRED');
    expect((await step2((await passwordStep()).challenge, codeAt(secret, now()))).statusCode).toBe(200);
  });

  it('turns off with the password and a code, and signs the other sessions out', async () => {
    const enrolled = await enrolTotp(t.app, token, now);
    clock.advance(30_000);
    const off = (password: string, code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/totp/disable',
        headers: bearer(enrolled.token),
        payload: { password, code },
      });
    expect((await off('wrong-password-1', codeAt(enrolled.secret, now()))).json().code).toBe('WRONG_PASSWORD');
    expect((await off(ADMIN_PASSWORD, '000000')).json().code).toBe('TOTP_FAILED');
    const done = await off(ADMIN_PASSWORD, codeAt(enrolled.secret, now()));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ totpEnabled: false, message: 'Two-factor sign-in is off.' });
    expect((await refresh(enrolled.token)).statusCode).toBe(401);
    expect((await attemptLogin(t.app)).json()).toMatchObject({ token: expect.any(String) });
  });

  it('is turned off from the shell by admin:reset-password --disable-totp, and kept without the flag', async () => {
    await enrolTotp(t.app, token, now);
    const kept = await resetAdminPassword(t.db, 'ignored', now());
    expect(kept.totpOn).toBe(true);
    expect((await attemptLogin(t.app, { password: kept.password })).json()).toMatchObject({ totpRequired: true });
    const off = await resetAdminPassword(t.db, 'ignored', now(), { disableTotp: true });
    expect(off.totpOn).toBe(false);
    const res = await attemptLogin(t.app, { password: off.password });
    expect(res.json()).toMatchObject({ token: expect.any(String), totpEnabled: false, mustChangePassword: true });
    expect(await t.db.kysely.selectFrom('totp_recovery_codes').selectAll().execute()).toEqual([]);
  });
});
