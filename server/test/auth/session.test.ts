import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../helpers/test-db.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV, ADMIN_PASSWORD, bearer, loginToken } from '../helpers/auth.js';

const HOUR = 3_600_000;
const SECRET = 'a-test-secret-of-at-least-32-characters-long!';

describe.each(engines)('admin sessions (%s)', (engine) => {
  let t: TestApp;
  let clock: ManualClock;
  beforeEach(async () => {
    clock = new ManualClock('2026-11-22T12:00:00.000Z');
    t = await buildTestApp({ engine, env: { ...ADMIN_ENV, JWT_SECRET: SECRET }, clock });
  });
  afterEach(() => t.close());

  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/refresh-token', headers: bearer(token) });

  it('refreshes a valid token: new token, same user, the original auth_time', async () => {
    const token = await loginToken(t.app);
    clock.advance(23 * HOUR + 30 * 60_000);
    const res = await refresh(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ username: 'chief', mustChangePassword: false, email: null });
    expect(decodeJwt(body.token).auth_time).toBe(decodeJwt(token).auth_time);
    expect(decodeJwt(body.token).exp).toBeGreaterThan(decodeJwt(token).exp!);
  });

  it('refuses an expired token (24 h)', async () => {
    const token = await loginToken(t.app);
    clock.advance(24 * HOUR + 1000);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('forces a new login after 7 days however often the token is refreshed', async () => {
    let token = await loginToken(t.app);
    let refreshed = 0;
    for (let i = 0; i < 20; i++) {
      clock.advance(23 * HOUR);
      const res = await refresh(token);
      if (res.statusCode !== 200) break;
      token = res.json().token;
      refreshed++;
    }
    expect(refreshed).toBe(7);
    expect(decodeJwt(token).exp! * 1000).toBeLessThanOrEqual(new Date('2026-11-29T12:00:00.000Z').getTime());
  });

  it.each(['none', 'NONE', 'nOnE'])('refuses alg %s', async (alg) => {
    const real = decodeJwt(await loginToken(t.app));
    const unsecured = new UnsecuredJWT(real).encode();
    const [, payload] = unsecured.split('.');
    const header = Buffer.from(JSON.stringify({ alg, typ: 'clanops-session+jwt' })).toString('base64url');
    expect((await refresh(`${header}.${payload}.`)).statusCode).toBe(401);
    expect((await refresh(`${header}.${payload}.x`)).statusCode).toBe(401);
  });

  it('refuses tokens re-signed with another key, edited payloads, or a stripped signature', async () => {
    const token = await loginToken(t.app);
    const claims = decodeJwt(token);
    const other = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'clanops-session+jwt' })
      .sign(new TextEncoder().encode('another-secret-also-32-characters-long!!'));
    expect((await refresh(other)).statusCode).toBe(401);
    const [h, , s] = token.split('.');
    const edited = Buffer.from(JSON.stringify({ ...claims, sub: '2' })).toString('base64url');
    expect((await refresh(`${h}.${edited}.${s}`)).statusCode).toBe(401);
    expect((await refresh(`${h}.${token.split('.')[1]}.`)).statusCode).toBe(401);
    expect((await refresh(token)).statusCode).toBe(200);
  });

  it('refuses a correctly signed token of the wrong type, issuer or audience, or with a jwk header', async () => {
    const key = new TextEncoder().encode(SECRET);
    const claims = decodeJwt(await loginToken(t.app));
    const sign = (header: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      new SignJWT({ ...claims, ...extra })
        .setProtectedHeader({ alg: 'HS256', typ: 'clanops-session+jwt', ...header })
        .sign(key);
    expect((await refresh(await sign({ typ: 'JWT' }))).statusCode).toBe(401);
    expect((await refresh(await sign({}, { iss: 'someone-else' }))).statusCode).toBe(401);
    expect((await refresh(await sign({}, { aud: 'clanops-reset' }))).statusCode).toBe(401);
    expect((await refresh(await sign({}, { exp: undefined }))).statusCode).toBe(401);
    // Same claims, right key: accepted, so the refusals above are about the changed field.
    expect((await refresh(await sign({}))).statusCode).toBe(200);
  });

  it('refuses the old token after a password change, everywhere including refresh', async () => {
    const old = await loginToken(t.app);
    const other = await loginToken(t.app);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: bearer(other),
      payload: { oldPassword: ADMIN_PASSWORD, newPassword: 'Harbor-Lights-Nine-17' },
    });
    expect(change.statusCode).toBe(200);
    expect((await refresh(old)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/set-email',
          headers: bearer(old),
          payload: { email: 'x@example.com' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await refresh(change.json().token)).statusCode).toBe(200);
  });

  it('logout makes the token unusable on the server', async () => {
    const token = await loginToken(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await refresh(token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it('refuses a token sent in another shape than "Bearer <jwt>"', async () => {
    const token = await loginToken(t.app);
    for (const authorization of [token, `bearer  ${token}`, `Bearer ${token} `, `Basic ${token}`]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/refresh-token', headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Authentication required. Please log in again.', code: 'UNAUTHORIZED' });
    }
  });
});
