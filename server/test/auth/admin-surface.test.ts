import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { engines } from '../helpers/test-db.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { resetAdminPassword } from '../../src/cli/reset-password.js';
import { ADMIN_ENV, attemptLogin, bearer, loginToken, solve } from '../helpers/auth.js';

const PUBLIC_ADMIN_ROUTES = [
  'GET /api/admin/captcha',
  'GET /api/admin/setup-status',
  'GET /api/admin/login/captcha',
  'POST /api/admin/login',
  'POST /api/admin/forgot-password',
  'POST /api/admin/reset-password',
  'POST /api/admin/login/totp',
  'POST /api/admin/confirm-email',
];

/** Every registered METHOD + path under /api/admin, rebuilt from Fastify's route tree (a segment per line, indented by depth). */
function adminRoutes(t: TestApp): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^(.*?)[└├]── (\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const path = stack.join('');
    if (!path.startsWith('/api/admin')) continue;
    for (const method of m[3]!.split(',').map((x) => x.trim())) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

describe.each(engines)('the admin API surface (%s)', (engine) => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('answers 401 without a token on every registered admin route except the public ones (SEC-AC-01)', async () => {
    t = await buildTestApp({ engine, env: ADMIN_ENV });
    const routes = adminRoutes(t);
    expect(routes).toEqual(
      expect.arrayContaining([
        ...PUBLIC_ADMIN_ROUTES,
        'POST /api/admin/refresh-token',
        'POST /api/admin/change-password',
        'POST /api/admin/set-email',
        'POST /api/admin/totp/setup',
        'POST /api/admin/totp/enable',
        'POST /api/admin/totp/disable',
        'POST /api/admin/logout',
      ]),
    );
    const guarded = routes.filter((r) => !PUBLIC_ADMIN_ROUTES.includes(r));
    for (const route of guarded) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/:[^/]+/g, 'inactive-players').replace(/\*/g, 'x');
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect({ route, status: res.statusCode }).toEqual({ route, status: 401 });
    }
  });

  it('answers 415 to a non-JSON body, 413 to a body over 16 KiB, 400 to broken JSON', async () => {
    t = await buildTestApp({ engine, env: ADMIN_ENV });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=chief',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBeTruthy();
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'chief', password: 'x'.repeat(20_000), captchaId: 'a', captchaAnswer: 1 },
    });
    expect(big.statusCode).toBe(413);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'The request body is not valid JSON.', code: 'INVALID_JSON' });
  });

  it('gives a captcha whose question a person can answer, and never the answer', async () => {
    t = await buildTestApp({ engine, env: ADMIN_ENV });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/captcha' });
    expect(Object.keys(res.json()).sort()).toEqual(['id', 'question']);
    expect(Number.isInteger(solve(res.json().question))).toBe(true);
  });

  it('on first start without ADMIN_PASSWORD generates one, logs it once, and requires a change', async () => {
    let logged = '';
    const stream = new Writable({ write: (chunk, _enc, cb) => ((logged += chunk.toString()), cb()) });
    t = await buildTestApp({ engine, env: { ADMIN_USERNAME: 'chief' }, deps: { logger: { level: 'info', stream } } });
    const password = /generated password: (\S+)/.exec(logged)?.[1];
    expect(password).toMatch(/^[\w-]{22}$/);
    const res = await attemptLogin(t.app, { password });
    expect(res.statusCode).toBe(200);
    expect(res.json().mustChangePassword).toBe(true);
    expect(logged.split(password!).length - 1).toBe(1);

    // Until the printed password is changed, the session can do nothing else.
    const auth = { authorization: `Bearer ${res.json().token as string}` };
    const blocked = await t.app.inject({ method: 'POST', url: '/api/admin/river-race/run', headers: auth });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      error: 'Change the generated password first (Account Settings), then try again.',
      code: 'PASSWORD_CHANGE_REQUIRED',
    });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: auth,
      payload: { oldPassword: password, newPassword: 'Harbor-Lights-Nine-17' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = await attemptLogin(t.app, { password: 'Harbor-Lights-Nine-17' });
    const schedule = await t.app.inject({
      method: 'GET',
      url: '/api/admin/river-race/schedule',
      headers: { authorization: `Bearer ${fresh.json().token as string}` },
    });
    expect(schedule.statusCode).toBe(200);
  });

  it('admin:reset-password sets a new password, forces a change and revokes sessions', async () => {
    t = await buildTestApp({ engine, env: ADMIN_ENV });
    const session = await loginToken(t.app);
    const { username, password } = await resetAdminPassword(t.db, 'ignored', new Date('2026-11-22T12:00:00.000Z'));
    expect(username).toBe('chief');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/refresh-token', headers: bearer(session) })).statusCode,
    ).toBe(401);
    const res = await attemptLogin(t.app, { password });
    expect(res.statusCode).toBe(200);
    expect(res.json().mustChangePassword).toBe(true);
  });

  it('keeps the reset token out of request log lines (every request is logged at debug)', async () => {
    let logged = '';
    const stream = new Writable({ write: (chunk, _enc, cb) => ((logged += chunk.toString()), cb()) });
    const { serializeRequestForLog } = await import('../../src/modules/auth/log-redaction.js');
    t = await buildTestApp({
      engine,
      env: ADMIN_ENV,
      deps: { logger: { level: 'debug', stream, serializers: { req: serializeRequestForLog } } },
    });
    await t.app.inject({ method: 'GET', url: '/admin/reset-password?token=SECRETTOKENVALUE123' });
    expect(logged).toContain('/admin/reset-password?token=[redacted]');
    expect(logged).not.toContain('SECRETTOKENVALUE123');
  });
});
