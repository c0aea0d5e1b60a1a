import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAdminPassword } from '../../src/cli/reset-password.js';
import { ADMIN_ENV, attemptLogin, bearer } from '../helpers/auth.js';
import { engines } from '../helpers/test-db.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The login page's first-run notice: public, a boolean only, true exactly while the admin still
 * has the password that the first start generated and printed in the log.
 */
describe.each(engines)('GET /api/admin/setup-status (%s)', (engine) => {
  let t: TestApp;
  afterEach(() => t?.close());

  async function freshInstall(): Promise<{ password: string; logged: () => string }> {
    let logged = '';
    const stream = new Writable({ write: (chunk, _enc, cb) => ((logged += chunk.toString()), cb()) });
    t = await buildTestApp({ engine, env: { ADMIN_USERNAME: 'chief' }, deps: { logger: { level: 'info', stream } } });
    const password = /generated password: (\S+)/.exec(logged)?.[1];
    if (!password) throw new Error(`no generated password in the log:\n${logged}`);
    return { password, logged: () => logged };
  }
  const status = () => t.app.inject({ method: 'GET', url: '/api/admin/setup-status' });

  it('says firstRun on a fresh install, without a token, and nothing more', async () => {
    const { password } = await freshInstall();
    const res = await status();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ firstRun: true });
    expect(res.body).not.toContain(password);
    expect(res.body).not.toContain('chief');
  });

  it('stays first run after a login with the generated password, ends once it is changed', async () => {
    const { password } = await freshInstall();
    const login = await attemptLogin(t.app, { password });
    expect(login.statusCode).toBe(200);
    expect((await status()).json()).toEqual({ firstRun: true });

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: bearer(login.json().token as string),
      payload: { oldPassword: password, newPassword: 'Harbor-Lights-Nine-17' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await status()).json()).toEqual({ firstRun: false });
  });

  it('ends when the reset command gives the admin another password (printed by the command, not the log)', async () => {
    await freshInstall();
    await resetAdminPassword(t.db, 'chief', new Date('2026-11-22T12:05:00.000Z'));
    expect((await status()).json()).toEqual({ firstRun: false });
  });

  it('is never first run when ADMIN_PASSWORD chose the password, even one that must be changed', async () => {
    t = await buildTestApp({ engine, env: ADMIN_ENV });
    expect((await status()).json()).toEqual({ firstRun: false });
    await t.close();
    t = await buildTestApp({ engine, env: { ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'password123' } });
    const login = await attemptLogin(t.app, { password: 'password123' });
    expect(login.json().mustChangePassword).toBe(true);
    expect((await status()).json()).toEqual({ firstRun: false });
  });
});
