import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../helpers/test-db.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ManualClock } from '../../src/lib/clock.js';
import { pruneAuthTables } from '../../src/modules/auth/pruning.js';
import {
  ADMIN_ENV,
  attemptLoginFrom,
  bearer,
  capturingMailer,
  captcha,
  loginToken,
  setConfirmedEmail,
} from '../helpers/auth.js';

/** rate_limits, password_reset_tokens, captchas and login challenges do not grow forever. */
describe.each(engines)('pruning of the auth tables (%s)', (engine) => {
  let t: TestApp;
  let clock: ManualClock;
  let mailer: ReturnType<typeof capturingMailer>;
  beforeEach(async () => {
    clock = new ManualClock('2026-11-22T12:00:00.000Z');
    mailer = capturingMailer();
    t = await buildTestApp({ engine, clock, env: ADMIN_ENV, deps: { auth: { mailer } } });
  });
  afterEach(() => t.close());

  const count = async (table: 'rate_limits' | 'password_reset_tokens' | 'captchas') =>
    (await t.db.kysely.selectFrom(table).selectAll().execute()).length;
  const forgot = async () => {
    const c = await captcha(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/forgot-password',
      payload: { email: 'chief@example.com', captchaId: c.id, captchaAnswer: c.answer },
    });
  };

  it('deletes ended rate-limit windows and dead reset links, and keeps what still counts', async () => {
    const token = await loginToken(t.app);
    await setConfirmedEmail(t.app, token, 'chief@example.com', mailer);
    for (let i = 0; i < 20; i++) await attemptLoginFrom(t.app, `198.51.100.${i + 1}`, 'wrong-password', {}, `u${i}`);
    await forgot();
    await t.app.inject({ method: 'GET', url: '/api/admin/captcha', remoteAddress: '192.0.2.9' });
    expect(await count('rate_limits')).toBeGreaterThan(40);
    expect(await count('password_reset_tokens')).toBe(1);

    // Half an hour later every window is still running: nothing goes.
    clock.advance(30 * 60_000);
    await pruneAuthTables({ db: t.db, clock });
    expect(await count('rate_limits')).toBeGreaterThan(40);
    expect(await count('password_reset_tokens')).toBe(1);

    clock.advance(31 * 60_000);
    // A fresh failure in the new window must survive the prune.
    await attemptLoginFrom(t.app, '203.0.113.77', 'wrong-password', {}, 'fresh');
    const pruned = await pruneAuthTables({ db: t.db, clock });
    expect(pruned.resetTokens).toBe(1);
    expect(pruned.rateLimits).toBeGreaterThan(40);
    const keys = (await t.db.kysely.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['login-ip:203.0.113.77', 'login-account:fresh']));
    expect(keys.some((k) => k.includes('198.51.100.'))).toBe(false);
    expect(await count('password_reset_tokens')).toBe(0);
    expect(await count('captchas')).toBe(0);
    // Still able to log in and use the app after a prune.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/refresh-token', headers: bearer(token) })).statusCode,
    ).toBe(200);
  });

  it('keeps a key that is still blocked, even when its window began long ago', async () => {
    for (let i = 0; i < 5; i++) await attemptLoginFrom(t.app, '198.51.100.1', `wrong-${i}-xxxx`);
    await t.db.kysely
      .updateTable('rate_limits')
      .set({ blocked_until: '2026-11-23T12:00:00.000Z' })
      .where('key', '=', 'login-client:chief|ip:198.51.100.1')
      .execute();
    clock.advance(2 * 60 * 60_000);
    await pruneAuthTables({ db: t.db, clock });
    const keys = (await t.db.kysely.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys).toEqual(['login-client:chief|ip:198.51.100.1']);
  });

  it('prunes a used link at once', async () => {
    const token = await loginToken(t.app);
    await setConfirmedEmail(t.app, token, 'chief@example.com', mailer);
    await forgot();
    await new Promise((r) => setImmediate(r));
    const link = /#token=([\w-]+)/.exec(mailer.sent.at(-1)!.text)![1]!;
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/reset-password',
      payload: { token: link, newPassword: 'Harbor-Lights-Nine-17' },
    });
    expect((await pruneAuthTables({ db: t.db, clock })).resetTokens).toBe(1);
  });
});
