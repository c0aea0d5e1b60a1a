import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { loadConfig } from '../../src/config/env.js';
import { createMailer } from '../../src/clients/mail/mailer.js';
import { resetLinkMail } from '../../src/modules/auth/auth-mails.js';
import { argon2Hasher, boundedHasher, type PasswordHasher } from '../../src/modules/auth/password-hasher.js';
import { isPlainHttpOutsideLocalhost } from '../../src/config/startup-warnings.js';
import { ADMIN_ENV, ADMIN_PASSWORD, captcha } from '../helpers/auth.js';

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

describe('browser-facing headers (SEC-HDR-01, SEC-HDR-03)', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it("answers every /api/* request with default-src 'none', and the page with its own CSP", async () => {
    t = await buildTestApp({ env: ADMIN_ENV });
    for (const url of ['/api/admin/captcha', '/api/clan/missing-route', '/api/admin/system']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect({ url, csp: res.headers['content-security-policy'] }).toEqual({ url, csp: API_CSP });
    }
    const page = await t.app.inject({ method: 'GET', url: '/admin' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toBe(API_CSP);
    // SEC-HDR-02 on both kinds of answer.
    for (const res of [page, await t.app.inject({ method: 'GET', url: '/api/admin/captcha' })]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('gives /api/* answers the JSON headers of docs/security.md §8 and keeps the page-only ones for pages', async () => {
    t = await buildTestApp({ env: ADMIN_ENV });
    const pageOnly = [
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    for (const url of ['/api/admin/captcha', '/api/clan/monthly-champions', '/api/clan/missing-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect({ url, headers: res.headers }).toMatchObject({
        url,
        headers: {
          'content-security-policy': API_CSP,
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'no-referrer',
          'x-frame-options': 'DENY',
          'cross-origin-resource-policy': 'same-origin',
          'cross-origin-opener-policy': 'same-origin',
          'strict-transport-security': 'max-age=31536000',
        },
      });
      for (const name of pageOnly)
        expect({ url, name, value: res.headers[name] }).toEqual({ url, name, value: undefined });
    }
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers).toMatchObject({
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
    });
  });

  it('never answers a foreign Origin with CORS headers (SEC-CORS-01)', async () => {
    t = await buildTestApp({ env: ADMIN_ENV });
    for (const origin of ['https://evil.example', 'null']) {
      const get = await t.app.inject({ method: 'GET', url: '/api/admin/captcha', headers: { origin } });
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/admin/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      for (const res of [get, preflight]) expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('sends HSTS when PUBLIC_URL is https, and not over plain http', async () => {
    t = await buildTestApp({ env: ADMIN_ENV });
    const https = await t.app.inject({ method: 'GET', url: '/admin' });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/captcha' })).headers['strict-transport-security'],
    ).toBe('max-age=31536000');
    await t.close();
    t = await buildTestApp({ env: { ...ADMIN_ENV, PUBLIC_URL: 'http://localhost:5000' } });
    expect((await t.app.inject({ method: 'GET', url: '/admin' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('warns at start about a plain-http PUBLIC_URL outside localhost', async () => {
    let logged = '';
    const stream = new Writable({ write: (chunk, _enc, cb) => ((logged += chunk.toString()), cb()) });
    t = await buildTestApp({
      env: { ...ADMIN_ENV, PUBLIC_URL: 'http://clan.example.com' },
      deps: { logger: { level: 'warn', stream } },
    });
    expect(logged).toContain('PUBLIC_URL http://clan.example.com is plain http');
    expect(isPlainHttpOutsideLocalhost('http://localhost:5000')).toBe(false);
    expect(isPlainHttpOutsideLocalhost('http://127.0.0.1:5000')).toBe(false);
    expect(isPlainHttpOutsideLocalhost('http://[::1]:5000')).toBe(false);
    expect(isPlainHttpOutsideLocalhost('https://clan.example.com')).toBe(false);
    expect(isPlainHttpOutsideLocalhost('http://192.168.1.20:5000')).toBe(true);
  });
});

describe('a full password-hashing queue (SEC-LOGIN-06)', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('answers 503 with Retry-After and the usual error body, and serves the queued logins after', async () => {
    let release!: () => void;
    let gate: Promise<void> | null = null;
    const held: PasswordHasher = {
      hash: (pw) => argon2Hasher.hash(pw),
      verify: async (h, pw) => {
        await gate;
        return argon2Hasher.verify(h, pw);
      },
    };
    const bounded = boundedHasher(held, { concurrency: 1, maxQueue: 1 });
    let verifies = 0;
    const hasher: PasswordHasher = {
      hash: (pw) => bounded.hash(pw),
      verify: (h, pw) => {
        verifies++;
        return bounded.verify(h, pw);
      },
    };
    t = await buildTestApp({ env: ADMIN_ENV, deps: { auth: { hasher } } });
    gate = new Promise((r) => (release = r));
    const login = async (ip: string) => {
      const c = await captcha(t.app);
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: ip,
        payload: { username: 'chief', password: ADMIN_PASSWORD, captchaId: c.id, captchaAnswer: c.answer },
      });
    };
    const running = login('192.0.2.1');
    const queued = login('192.0.2.2');
    // Both have reached the hasher: one runs (held), one waits in the queue of one.
    for (let i = 0; i < 500 && verifies < 2; i++) await new Promise((r) => setImmediate(r));
    expect(verifies).toBe(2);
    const refused = await login('192.0.2.3');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({
      error: 'The server is busy checking passwords. Please try again in a few seconds.',
      code: 'SERVER_BUSY',
    });
    release();
    expect((await running).statusCode).toBe(200);
    expect((await queued).statusCode).toBe(200);
    expect((await login('192.0.2.3')).statusCode).toBe(200);
  });
});

describe('the log mailer (SEC-LOG-01)', () => {
  const capture = () => {
    const lines: string[] = [];
    const log = { info: (msg: string) => lines.push(msg) } as unknown as Parameters<typeof createMailer>[1];
    return { lines, log };
  };
  const mail = resetLinkMail(
    'chief@example.com',
    'https://clan.example.com/admin/reset-password#token=LIVE-SECRET-123',
    60,
  );

  it('withholds live links with NODE_ENV=production', async () => {
    const { lines, log } = capture();
    await createMailer(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://clan.example.com' }), log).send(mail);
    expect(lines.join('\n')).not.toContain('LIVE-SECRET-123');
    expect(lines.join('\n')).toContain('reset-password#token=[withheld]');
    expect(lines.join('\n')).toContain('MAIL_LOG_LINKS=1');
  });

  it('prints them in production only with MAIL_LOG_LINKS=1, and outside production', async () => {
    for (const env of [{ NODE_ENV: 'production', MAIL_LOG_LINKS: '1' }, { NODE_ENV: 'development' }]) {
      const { lines, log } = capture();
      await createMailer(loadConfig(env), log).send(mail);
      expect(lines.join('\n')).toContain('token=LIVE-SECRET-123');
    }
  });
});
