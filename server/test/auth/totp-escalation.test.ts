import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../helpers/test-db.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ManualClock } from '../../src/lib/clock.js';
import {
  ADMIN_ENV,
  ADMIN_PASSWORD,
  attemptLogin,
  bearer,
  capturingMailer,
  loginToken,
  setConfirmedEmail,
} from '../helpers/auth.js';
import { codeAt, enrolTotp } from '../helpers/totp.js';

const MINUTE = 60_000;
const ALERT_SUBJECT = 'ClanOps alert: Wrong two-factor codes after the right password';

/** docs/decisions/052-totp-escalation.md: wrong codes after the right password wait longer and longer, and raise an alert. */
describe.each(engines)('wrong two-factor codes (%s)', (engine) => {
  let t: TestApp;
  let clock: ManualClock;
  let mailer: ReturnType<typeof capturingMailer>;
  let secret: string;
  let session: string;
  beforeEach(async () => {
    clock = new ManualClock('2026-11-22T12:00:05.000Z');
    mailer = capturingMailer();
    t = await buildTestApp({
      engine,
      clock,
      env: { ...ADMIN_ENV, SMTP_URL: 'smtp://127.0.0.1:1' },
      deps: { auth: { mailer } },
    });
    const token = await loginToken(t.app);
    await setConfirmedEmail(t.app, token, 'chief@example.com', mailer);
    ({ secret, token: session } = await enrolTotp(t.app, token, () => clock.now()));
    clock.advance(30_000);
  });
  afterEach(() => t.close());

  /** A code the phone does not show now, nor one step either side. */
  const wrongCode = () => {
    const valid = [-30_000, 0, 30_000].map((d) => codeAt(secret, new Date(clock.now().getTime() + d)));
    for (let n = 0; ; n++) {
      const code = String(n).padStart(6, '0');
      if (!valid.includes(code)) return code;
    }
  };
  /** The right password, then `code`: status and Retry-After. */
  const signIn = async (code: string) => {
    const password = await attemptLogin(t.app);
    expect(password.json()).toMatchObject({ totpRequired: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/totp',
      payload: { challenge: password.json().challenge, code },
    });
    return { status: res.statusCode, retryAfter: res.headers['retry-after'] ?? null };
  };
  const alerts = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/alerts', headers: bearer(session) })).json().alerts as {
      kind: string;
      subject: string;
      message: string;
    }[];
  const alertMails = async () => {
    await t.app.services.alerts.settled();
    return mailer.sent.filter((m) => m.subject === ALERT_SUBJECT);
  };

  it('waits 1, 5, 15 and 60 minutes, then 4 hours, between wrong codes in a row, and raises alerts', async () => {
    // Worked by hand from the ladder: 3 free, then each wrong code earns the next wait.
    const table: [advanceMs: number, status: number, retryAfter: string | null][] = [
      [0, 401, null],
      [0, 401, null],
      [0, 401, null],
      [0, 429, '60'],
      [MINUTE, 401, null],
      [0, 429, '300'],
      [5 * MINUTE, 401, null],
      [0, 429, '900'],
      [15 * MINUTE, 401, null],
      [0, 429, '3600'],
      [60 * MINUTE, 401, null],
      [0, 429, '14400'],
      [4 * 60 * MINUTE, 401, null],
      [0, 429, '14400'],
    ];
    const seen: [number, number, string | null][] = [];
    for (const [advance] of table) {
      clock.advance(advance);
      const res = await signIn(wrongCode());
      seen.push([advance, res.status, res.retryAfter === null ? null : String(res.retryAfter)]);
    }
    expect(seen).toEqual(table);

    // The third wrong code raised one alert, the eighth another; each was mailed (over an hour apart).
    const raised = await alerts();
    expect(raised.map((a) => a.kind)).toEqual(['wrong-codes', 'wrong-codes']);
    expect(raised[1]!.message).toMatch(/^3 wrong codes in a row while signing in, the last at 2026-11-22 12:00 UTC/);
    expect(raised[0]!.message).toMatch(/^8 wrong codes in a row/);
    expect(raised[0]!.message).toMatch(/change the password now/);
    const mails = await alertMails();
    expect(mails.map((m) => m.to)).toEqual(['chief@example.com', 'chief@example.com']);
    // Even the right code waits now.
    expect((await signIn(codeAt(secret, clock.now()))).status).toBe(429);
  }, 60_000);

  it('lifts the wait when the password changes: whoever typed the codes no longer has it', async () => {
    for (let i = 0; i < 4; i++) await signIn(wrongCode());
    expect((await signIn(wrongCode())).status).toBe(429);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: bearer(session),
      payload: { oldPassword: ADMIN_PASSWORD, newPassword: 'Harbor-Lights-Nine-17' },
    });
    expect(changed.statusCode).toBe(200);
    const password = await attemptLogin(t.app, { password: 'Harbor-Lights-Nine-17' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/totp',
      payload: { challenge: password.json().challenge, code: codeAt(secret, clock.now()) },
    });
    expect(res.statusCode).toBe(200);
  });

  it('counts only wrong codes in a row: a right one starts over, and a typo or two raise nothing', async () => {
    expect((await signIn(wrongCode())).status).toBe(401);
    expect((await signIn(wrongCode())).status).toBe(401);
    expect((await signIn(codeAt(secret, clock.now()))).status).toBe(200);
    clock.advance(30_000);
    expect((await signIn(wrongCode())).status).toBe(401);
    expect((await signIn(wrongCode())).status).toBe(401);
    expect((await signIn(codeAt(secret, clock.now()))).status).toBe(200);
    expect(await alerts()).toEqual([]);
    expect(await alertMails()).toEqual([]);
  });
});
