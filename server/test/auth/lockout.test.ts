import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../helpers/test-db.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV, ADMIN_PASSWORD, attemptLoginFrom, deviceCookieOf } from '../helpers/auth.js';

const ADMIN_IP = '203.0.113.10';
const STRANGER_IP = '198.51.100.66';

/** SEC-LOGIN-03/04/05, docs/decisions/015-lockout-device-cookie.md. */
describe.each(engines)('lockout that strangers cannot cause (%s)', (engine) => {
  let t: TestApp;
  let clock: ManualClock;
  let device: string;
  beforeEach(async () => {
    clock = new ManualClock('2026-11-22T12:00:00.000Z');
    t = await buildTestApp({ engine, clock, env: ADMIN_ENV });
    const first = await attemptLoginFrom(t.app, ADMIN_IP, ADMIN_PASSWORD);
    expect(first.statusCode).toBe(200);
    device = deviceCookieOf(first);
  });
  afterEach(() => t.close());

  it('gives a browser that logged in a signed, HttpOnly, SameSite=Strict device cookie for the login path only', async () => {
    const res = await attemptLoginFrom(t.app, ADMIN_IP, ADMIN_PASSWORD, { cookie: device });
    expect(String(res.headers['set-cookie'])).toMatch(
      /^clanops_device=\d+\.[\w-]{22}\.[\w-]{43}; Max-Age=15552000; Path=\/api\/admin\/login; HttpOnly; Secure; SameSite=Strict$/,
    );
    const failed = await attemptLoginFrom(t.app, ADMIN_IP, 'wrong-password-1');
    expect(failed.headers['set-cookie']).toBeUndefined();
  });

  it('keeps a known device in while a stranger fails five times and more on the account', async () => {
    const stranger: number[] = [];
    for (let i = 0; i < 8; i++)
      stranger.push((await attemptLoginFrom(t.app, STRANGER_IP, `stranger-guess-${i}`)).statusCode);
    expect(stranger).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Even from the stranger's own address, the admin's browser gets in with the right password.
    expect((await attemptLoginFrom(t.app, STRANGER_IP, ADMIN_PASSWORD, { cookie: device })).statusCode).toBe(200);
    expect((await attemptLoginFrom(t.app, ADMIN_IP, ADMIN_PASSWORD, { cookie: device })).statusCode).toBe(200);
    // A browser without the cookie waits; the wait is time-bounded.
    const newBrowser = await attemptLoginFrom(t.app, '192.0.2.44', ADMIN_PASSWORD);
    expect(newBrowser.statusCode).toBe(429);
    expect(Number(newBrowser.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(31_000);
    expect((await attemptLoginFrom(t.app, '192.0.2.44', ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('makes the account-wide wait grow, capped: about a dozen stranger guesses an hour', async () => {
    let allowed = 0;
    for (let minute = 0; minute < 60; minute++) {
      for (let i = 0; i < 3; i++) {
        const ip = `198.51.${minute}.${i + 1}`;
        if ((await attemptLoginFrom(t.app, ip, `guess-${minute}-${i}-x`)).statusCode === 401) allowed++;
      }
      clock.advance(60_000);
    }
    expect(allowed).toBeGreaterThanOrEqual(6);
    expect(allowed).toBeLessThanOrEqual(15);
    expect((await attemptLoginFrom(t.app, ADMIN_IP, ADMIN_PASSWORD, { cookie: device })).statusCode).toBe(200);
  }, 120_000);

  it('blocks a known device that keeps failing, and only that device', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await attemptLoginFrom(t.app, ADMIN_IP, `typo-${i}-xxxx`, { cookie: device })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await attemptLoginFrom(t.app, ADMIN_IP, ADMIN_PASSWORD, { cookie: device })).statusCode).toBe(429);
    // Another address without a cookie is not held by that device's block.
    expect((await attemptLoginFrom(t.app, '192.0.2.45', ADMIN_PASSWORD)).statusCode).toBe(200);
    clock.advance(15 * 60_000 + 1);
    expect((await attemptLoginFrom(t.app, ADMIN_IP, ADMIN_PASSWORD, { cookie: device })).statusCode).toBe(200);
  });

  it('does not trust a forged cookie, or one issued for another account', async () => {
    const [, userId, nonce] = /^clanops_device=(\d+)\.([\w-]+)\./.exec(device)!;
    const forged = `clanops_device=${userId}.${nonce}.${'A'.repeat(43)}`;
    const otherUser = device.replace(/^clanops_device=\d+/, 'clanops_device=2');
    for (let i = 0; i < 5; i++) await attemptLoginFrom(t.app, STRANGER_IP, `stranger-guess-${i}`);
    for (const cookie of [forged, otherUser]) {
      expect((await attemptLoginFrom(t.app, STRANGER_IP, ADMIN_PASSWORD, { cookie })).statusCode).toBe(429);
    }
  });

  it('keys IPv6 clients by their /64: a new address in the same block gets no new bucket', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const ip = `2001:db8:1:2:${(i + 1).toString(16)}::${i + 7}`;
      statuses.push((await attemptLoginFrom(t.app, ip, 'wrong-password', {}, `user${i}`)).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await attemptLoginFrom(t.app, '2001:db8:1:3::1', 'wrong-password', {}, 'someone')).statusCode).toBe(401);
  });

  it('counts wrong captcha answers in a bucket of their own, apart from password failures', async () => {
    const wrongCaptcha = async (ip: string) => {
      const c = (await t.app.inject({ method: 'GET', url: '/api/admin/captcha', remoteAddress: ip })).json();
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: ip,
        payload: { username: 'chief', password: ADMIN_PASSWORD, captchaId: c.id, captchaAnswer: -1 },
      });
    };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await wrongCaptcha(STRANGER_IP)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // 30 captcha failures cost the account nothing: a browser elsewhere logs in at once.
    expect((await attemptLoginFrom(t.app, '192.0.2.46', ADMIN_PASSWORD)).statusCode).toBe(200);
  });
});

describe('device cookie over plain http', () => {
  it('leaves out Secure when PUBLIC_URL is http', async () => {
    const t = await buildTestApp({ env: { ...ADMIN_ENV, PUBLIC_URL: 'http://localhost:5000' } });
    try {
      const res = await attemptLoginFrom(t.app, ADMIN_IP, ADMIN_PASSWORD);
      expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/);
      expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict$/);
    } finally {
      await t.close();
    }
  });
});
