import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ManualClock } from '../../src/lib/clock.js';
import {
  ADMIN_ENV,
  ADMIN_PASSWORD,
  bearer,
  capturingMailer,
  captcha,
  loginToken,
  setConfirmedEmail,
} from '../helpers/auth.js';
import { enrolTotp } from '../helpers/totp.js';

const NEW_PASSWORD = 'Harbor-Lights-Nine-17';
const urlsIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

/** docs/decisions/055-link-tokens-in-the-fragment.md: a token never travels in a query string. */
describe('links the app builds', () => {
  let t: TestApp;
  let mailer: ReturnType<typeof capturingMailer>;
  let clock: ManualClock;
  beforeEach(async () => {
    clock = new ManualClock('2026-11-22T12:00:05.000Z');
    mailer = capturingMailer();
    t = await buildTestApp({
      clock,
      env: { ...ADMIN_ENV, SMTP_URL: 'smtp://127.0.0.1:1' },
      deps: { auth: { mailer } },
    });
  });
  afterEach(() => t.close());

  it('carry no token in any query string: every mail of the account flows, links included', async () => {
    let token = await loginToken(t.app);
    await setConfirmedEmail(t.app, token, 'chief@example.com', mailer);
    await setConfirmedEmail(t.app, token, 'leader@example.com', mailer);
    const c = await captcha(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/forgot-password',
      payload: { email: 'leader@example.com', captchaId: c.id, captchaAnswer: c.answer },
    });
    await mailer.settled();
    await new Promise((r) => setImmediate(r));
    const resetLink = urlsIn(mailer.sent.at(-1)!.text).find((u) => u.includes('/admin/reset-password'))!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reset-password',
      payload: { token: new URLSearchParams(new URL(resetLink).hash.slice(1)).get('token'), newPassword: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    token = await loginToken(t.app, NEW_PASSWORD);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: bearer(token),
      payload: { oldPassword: NEW_PASSWORD, newPassword: ADMIN_PASSWORD },
    });
    token = changed.json().token;
    token = (await enrolTotp(t.app, token, () => clock.now())).token;
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/templates/war-reminder',
      headers: bearer(token),
      payload: { template: 'Decks left: {count}\n{list}' },
    });
    await t.app.services.audit.settled();

    const subjects = mailer.sent.map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'ClanOps: confirm your recovery email',
        'ClanOps: a change of the recovery email was requested',
        'ClanOps: the recovery email was changed',
        'ClanOps: reset your admin password',
        'ClanOps: your admin password was changed',
        'ClanOps: two-factor sign-in was turned on',
        'ClanOps: a message template was changed',
      ]),
    );
    const urls = mailer.sent.flatMap((m) => urlsIn(m.text));
    const withToken = urls.filter((u) => u.includes('token='));
    expect(withToken.map((u) => new URL(u).pathname).sort()).toEqual([
      '/admin/confirm-email',
      '/admin/confirm-email',
      '/admin/reset-password',
    ]);
    for (const u of urls) expect(new URL(u).search).not.toMatch(/token/i);
    for (const u of withToken) expect(new URL(u).hash).toMatch(/^#token=[\w-]{43}$/);
  }, 60_000);
});
