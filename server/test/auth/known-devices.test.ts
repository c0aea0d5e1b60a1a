import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../helpers/test-db.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ManualClock } from '../../src/lib/clock.js';
import {
  ADMIN_ENV,
  ADMIN_PASSWORD,
  attemptLoginFrom,
  bearer,
  capturingMailer,
  deviceCookieOf,
  setConfirmedEmail,
  solve,
} from '../helpers/auth.js';
import { enrolTotp } from '../helpers/totp.js';

const ADMIN_IP = '203.0.113.10';
const STRANGER_IP = '198.51.100.66';
const NEW_PASSWORD = 'Harbor-Lights-Nine-17';

/**
 * Device cookies bound to the account as it is now, a cap on known-device failures, and captcha
 * buckets that spare a known device (docs/decisions/050-device-cookie-generation.md, 051).
 */
describe.each(engines)('known devices (%s)', (engine) => {
  let t: TestApp;
  let clock: ManualClock;
  let mailer: ReturnType<typeof capturingMailer>;
  let device: string;
  let token: string;
  beforeEach(async () => {
    clock = new ManualClock('2026-11-22T12:00:05.000Z');
    mailer = capturingMailer();
    t = await buildTestApp({ engine, clock, env: ADMIN_ENV, deps: { auth: { mailer } } });
    const first = await attemptLoginFrom(t.app, ADMIN_IP, ADMIN_PASSWORD);
    expect(first.statusCode).toBe(200);
    device = deviceCookieOf(first);
    token = first.json().token;
  });
  afterEach(() => t.close());

  /** Five wrong passwords from a stranger: browsers without a current cookie must now wait. */
  const strangerFillsTheAccount = async () => {
    for (let i = 0; i < 5; i++)
      expect((await attemptLoginFrom(t.app, STRANGER_IP, `guess-${i}-xxxx`)).statusCode).toBe(401);
    expect((await attemptLoginFrom(t.app, '192.0.2.1', ADMIN_PASSWORD)).statusCode).toBe(429);
  };
  const changePassword = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: bearer(token),
      payload: { oldPassword: ADMIN_PASSWORD, newPassword: NEW_PASSWORD },
    });

  it('forgets a cookie kept from before a password change; the browser that changed it gets a new one', async () => {
    const changed = await changePassword();
    expect(changed.statusCode).toBe(200);
    const renewed = deviceCookieOf(changed);
    expect(renewed).toMatch(/^clanops_device=/);
    expect(String(changed.headers['set-cookie'])).toMatch(
      /Path=\/api\/admin\/login; HttpOnly; Secure; SameSite=Strict$/,
    );
    await strangerFillsTheAccount();
    // The kept cookie no longer skips the account's wait, even with the right (new) password.
    expect((await attemptLoginFrom(t.app, '192.0.2.2', NEW_PASSWORD, { cookie: device })).statusCode).toBe(429);
    expect((await attemptLoginFrom(t.app, '192.0.2.3', NEW_PASSWORD, { cookie: renewed })).statusCode).toBe(200);
  });

  it('forgets every cookie after a reset through the mailed link', async () => {
    await setConfirmedEmail(t.app, token, 'chief@example.com', mailer);
    const c = (await t.app.inject({ method: 'GET', url: '/api/admin/captcha' })).json();
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/forgot-password',
      payload: { email: 'chief@example.com', captchaId: c.id, captchaAnswer: solve(c.question) },
    });
    await mailer.settled();
    await new Promise((r) => setImmediate(r));
    const resetToken = /#token=([\w-]+)/.exec(mailer.sent.at(-1)!.text)![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reset-password',
      remoteAddress: '192.0.2.9',
      payload: { token: resetToken, newPassword: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    await strangerFillsTheAccount();
    expect((await attemptLoginFrom(t.app, '192.0.2.2', NEW_PASSWORD, { cookie: device })).statusCode).toBe(429);
    expect(
      (await attemptLoginFrom(t.app, '192.0.2.9', NEW_PASSWORD, { cookie: deviceCookieOf(reset) })).statusCode,
    ).toBe(200);
  });

  it('forgets every cookie when two-factor sign-in is turned on', async () => {
    await enrolTotp(t.app, token, () => clock.now());
    await strangerFillsTheAccount();
    expect((await attemptLoginFrom(t.app, '192.0.2.2', ADMIN_PASSWORD, { cookie: device })).statusCode).toBe(429);
  });

  it('caps failures from known devices: however many cookies, 20 an hour, then they count as strangers', async () => {
    const cookies = [device];
    for (let i = 1; i < 10; i++) {
      const res = await attemptLoginFrom(t.app, `203.0.113.${20 + i}`, ADMIN_PASSWORD);
      expect(res.statusCode).toBe(200);
      cookies.push(deviceCookieOf(res));
    }
    // Each device may fail 5 times (its own bucket); 10 devices would be 50 guesses. Worked by
    // hand: 20 pass the known-device cap, then 5 more pass the account's free attempts as a
    // stranger's would, and every other one waits.
    let failedGuesses = 0;
    let waited = 0;
    for (const [i, cookie] of cookies.entries()) {
      for (let n = 0; n < 5; n++) {
        const status = (await attemptLoginFrom(t.app, `198.51.100.${i + 1}`, `guess-${i}-${n}-x`, { cookie }))
          .statusCode;
        if (status === 401) failedGuesses++;
        else if (status === 429) waited++;
      }
    }
    expect({ failedGuesses, waited }).toEqual({ failedGuesses: 25, waited: 25 });
    // An hour later the cap has run out and a known device skips the account's wait again.
    clock.advance(60 * 60_000 + 1);
    await strangerFillsTheAccount();
    expect((await attemptLoginFrom(t.app, ADMIN_IP, ADMIN_PASSWORD, { cookie: device })).statusCode).toBe(200);
  }, 120_000);

  it('keeps a known device in when a stranger behind its address fills the captcha buckets', async () => {
    const wrongCaptcha = async () => {
      const c = (await t.app.inject({ method: 'GET', url: '/api/admin/captcha', remoteAddress: ADMIN_IP })).json();
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: ADMIN_IP,
        payload: { username: 'chief', password: 'x', captchaId: c.id, captchaAnswer: -1 },
      });
    };
    for (let i = 0; i < 30; i++) await wrongCaptcha();
    expect((await wrongCaptcha()).statusCode).toBe(429);
    for (let i = 0; i < 120; i++)
      await t.app.inject({ method: 'GET', url: '/api/admin/captcha', remoteAddress: ADMIN_IP });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/captcha', remoteAddress: ADMIN_IP })).statusCode).toBe(
      429,
    );
    // Same address, no cookie: refused. Same address with the admin's cookie: the login form works.
    expect((await attemptLoginFrom(t.app, ADMIN_IP, ADMIN_PASSWORD)).statusCode).toBe(429);
    expect((await attemptLoginFrom(t.app, ADMIN_IP, ADMIN_PASSWORD, { cookie: device })).statusCode).toBe(200);
    // A cookie from before a password change is a stranger's: held with the address.
    expect((await changePassword()).statusCode).toBe(200);
    expect((await attemptLoginFrom(t.app, ADMIN_IP, NEW_PASSWORD, { cookie: device })).statusCode).toBe(429);
  }, 60_000);
});
