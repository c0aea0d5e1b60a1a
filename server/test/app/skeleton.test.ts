import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { engines } from '../helpers/test-db.js';

describe.each(engines)('the app on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ engine });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports the database and the version in /healthz', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
    expect(res.json()).toEqual({ status: 'ok', version, database: { status: 'ok', engine } });
  });

  it('gives each plugin time to load on a busy machine', () => {
    expect(t.app.initialConfig.pluginTimeout).toBeGreaterThanOrEqual(60_000);
  });

  it('answers an unknown page with 404 and the app page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
  });

  it.each(['/', '/admin', '/admin/reset-password', '/forgot-password'])(
    'serves the page route %s with 200',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>');
    },
  );

  it('answers an unknown API path with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No API route GET /api/nope', code: 'NOT_FOUND' });
  });

  it('writes the canonical link from PUBLIC_URL, never from the Host header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'evil.example' } });
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:5000/">');
    expect(res.body).not.toContain('evil.example');
  });

  it('sends the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('fails health with 503 when the database is gone', async () => {
    const other = await buildTestApp({ engine });
    await other.db.close();
    const res = await other.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'error', code: 'DB_UNAVAILABLE' });
    await other.app.close();
  });
});
