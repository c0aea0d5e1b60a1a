import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { engines } from '../helpers/test-db.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ADMIN_ENV, ADMIN_PASSWORD, attemptLoginFrom, bearer, deviceCookieOf } from '../helpers/auth.js';

const PROXY = '10.0.0.2';
const from = (client: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': client, ...extra });

/** SEC-LOGIN-04: a proxy that TRUST_PROXY does not name. */
describe.each(engines)('requests through an undeclared proxy (%s)', (engine) => {
  let t: TestApp;
  let logged: string;
  afterEach(() => t.close());

  const start = async (env: Record<string, string> = {}) => {
    logged = '';
    const stream = new Writable({ write: (chunk, _enc, cb) => ((logged += chunk.toString()), cb()) });
    t = await buildTestApp({ engine, env: { ...ADMIN_ENV, ...env }, deps: { logger: { level: 'warn', stream } } });
  };

  it('warns once in the log and on the system card, and a stranger does not lock out the known admin', async () => {
    await start();
    const admin = await attemptLoginFrom(t.app, PROXY, ADMIN_PASSWORD, from('203.0.113.10'));
    expect(admin.statusCode).toBe(200);
    const cookie = deviceCookieOf(admin);
    // Everyone behind the proxy shares its address: the stranger fills that address's bucket.
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await attemptLoginFrom(t.app, PROXY, 'stranger-guess', from('198.51.100.7'), `user${i}`);
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await attemptLoginFrom(t.app, PROXY, ADMIN_PASSWORD, from('203.0.113.10'))).statusCode).toBe(429);
    // The admin's browser is a known device: the shared address bucket does not hold it.
    const known = await attemptLoginFrom(t.app, PROXY, ADMIN_PASSWORD, from('203.0.113.10', { cookie }));
    expect(known.statusCode).toBe(200);

    const warnings = logged.split('\n').filter((l) => l.includes('X-Forwarded-For header but TRUST_PROXY is not set'));
    expect(warnings).toHaveLength(1);
    const system = await t.app.inject({ method: 'GET', url: '/api/admin/system', headers: bearer(known.json().token) });
    expect(system.json().warnings).toEqual([expect.stringContaining('TRUST_PROXY is not set')]);
  });

  it('says nothing when no request carries the header', async () => {
    await start();
    const res = await attemptLoginFrom(t.app, PROXY, ADMIN_PASSWORD);
    const system = await t.app.inject({ method: 'GET', url: '/api/admin/system', headers: bearer(res.json().token) });
    expect(system.json().warnings).toEqual([]);
    expect(logged).not.toContain('TRUST_PROXY');
  });

  it('with TRUST_PROXY naming the proxy, keys each visitor by the forwarded address and does not warn', async () => {
    await start({ TRUST_PROXY: '10.0.0.0/8' });
    for (let i = 0; i < 21; i++)
      await attemptLoginFrom(t.app, PROXY, 'stranger-guess', from('198.51.100.7'), `user${i}`);
    const other = await attemptLoginFrom(t.app, PROXY, ADMIN_PASSWORD, from('203.0.113.10'));
    expect(other.statusCode).toBe(200);
    expect(logged).not.toContain('TRUST_PROXY is not set');
  });
});
