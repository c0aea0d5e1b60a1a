import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../helpers/test-db.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV, ADMIN_PASSWORD, attemptLogin, captcha, countingHasher } from '../helpers/auth.js';

const GENERIC = { error: 'Invalid username, password or captcha answer', code: 'LOGIN_FAILED' };

describe.each(engines)('admin login (%s)', (engine) => {
  let t: TestApp;
  let hasher: ReturnType<typeof countingHasher>;
  let clock: ManualClock;
  beforeEach(async () => {
    hasher = countingHasher();
    clock = new ManualClock('2026-11-22T12:00:00.000Z');
    t = await buildTestApp({ engine, env: ADMIN_ENV, clock, deps: { auth: { hasher } } });
  });
  afterEach(() => t.close());

  it('answers a token and the user for the right password and captcha', async () => {
    const res = await attemptLogin(t.app);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const user = {
      id: 1,
      username: 'chief',
      mustChangePassword: false,
      email: null,
      pendingEmail: null,
      totpEnabled: false,
    };
    expect(body).toMatchObject(user);
    expect(body.user).toEqual(user);
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('fails a wrong captcha answer without hashing, and burns the captcha', async () => {
    const c = await captcha(t.app);
    const before = hasher.verifies;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'chief', password: ADMIN_PASSWORD, captchaId: c.id, captchaAnswer: c.answer + 1 },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(GENERIC);
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'chief', password: ADMIN_PASSWORD, captchaId: c.id, captchaAnswer: c.answer },
    });
    expect(retry.json()).toEqual(GENERIC);
    expect(hasher.verifies).toBe(before);
  });

  it('refuses a replayed captcha', async () => {
    const c = await captcha(t.app);
    const payload = { username: 'chief', password: ADMIN_PASSWORD, captchaId: c.id, captchaAnswer: c.answer };
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/login', payload })).statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(GENERIC);
  });

  it.each([
    ['a string', (a: number) => String(a)],
    ['an array', (a: number) => [a]],
    ['an object', () => ({ $ne: 0 })],
    ['a fraction', (a: number) => a + 0.5],
    ['null', () => null],
  ])('treats a captcha answer given as %s as the generic failure, before any hashing', async (_name, shape) => {
    const c = await captcha(t.app);
    const before = hasher.verifies;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'chief', password: ADMIN_PASSWORD, captchaId: c.id, captchaAnswer: shape(c.answer) },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(GENERIC);
    expect(hasher.verifies).toBe(before);
  });

  it('refuses a captcha older than 5 minutes', async () => {
    const c = await captcha(t.app);
    clock.advance(5 * 60_000 + 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'chief', password: ADMIN_PASSWORD, captchaId: c.id, captchaAnswer: c.answer },
    });
    expect(res.json()).toEqual(GENERIC);
  });

  it('answers an unknown user and a wrong password alike, running argon2 verify in both cases', async () => {
    const v0 = hasher.verifies;
    const unknown = await attemptLogin(t.app, { username: 'nobody', password: 'whatever-it-is' });
    expect(hasher.verifies).toBe(v0 + 1);
    const wrong = await attemptLogin(t.app, { username: 'chief', password: 'whatever-it-is' });
    expect(hasher.verifies).toBe(v0 + 2);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.body).toBe(unknown.body);
    const headerNames = (r: typeof wrong) =>
      Object.keys(r.headers)
        .filter((h) => h !== 'date')
        .sort();
    expect(headerNames(wrong)).toEqual(headerNames(unknown));
  });

  it('rejects a 129-character password with 400 before hashing', async () => {
    const v0 = hasher.verifies;
    const res = await attemptLogin(t.app, { password: 'x'.repeat(129) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/password/i);
    expect(hasher.verifies).toBe(v0);
  });

  it('throttles brute force on the account, and lets the right password in once the window passes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await attemptLogin(t.app, { password: `wrong-guess-${i}` })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    const blocked = await attemptLogin(t.app);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/Too many failed attempts/);
    clock.advance(15 * 60_000 + 1);
    expect((await attemptLogin(t.app)).statusCode).toBe(200);
  });

  it('counts parallel guesses before hashing: 30 at once against one account, at most 5 reach argon2', async () => {
    const captchas = await Promise.all(Array.from({ length: 30 }, () => captcha(t.app)));
    const before = hasher.verifies;
    const results = await Promise.all(
      captchas.map((c, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username: 'chief', password: `parallel-guess-${i}`, captchaId: c.id, captchaAnswer: c.answer },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect(hasher.verifies - before).toBe(5);
  });

  it('throttles an unknown username exactly like the real one', async () => {
    for (let i = 0; i < 5; i++) await attemptLogin(t.app, { username: 'ghost', password: `wrong-guess-${i}` });
    expect((await attemptLogin(t.app, { username: 'ghost', password: 'x-wrong-x' })).statusCode).toBe(429);
  });

  it('gives no new IP bucket for a spoofed X-Forwarded-For (TRUST_PROXY unset)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const spoof = {
        'x-forwarded-for': `203.0.113.${i + 1}`,
        'x-real-ip': `198.51.100.${i + 1}`,
        forwarded: `for=192.0.2.${i + 1}`,
      };
      // A different username each time, so only the IP limiter can trip.
      statuses.push(
        (await attemptLogin(t.app, { username: `user${i}`, password: 'wrong-password' }, spoof)).statusCode,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
