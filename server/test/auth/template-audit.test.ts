import { afterEach, describe, expect, it } from 'vitest';
import { engines } from '../helpers/test-db.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV, bearer, capturingMailer, loginToken, setConfirmedEmail } from '../helpers/auth.js';

const MINUTE = 60_000;
const SUBJECT = 'ClanOps: a message template was changed';

/** docs/decisions/056-template-audit.md: template changes are listed in Account Settings and mailed. */
describe.each(engines)('the audit list of template changes (%s)', (engine) => {
  let t: TestApp;
  let clock: ManualClock;
  let mailer: ReturnType<typeof capturingMailer>;
  let token: string;
  const start = async (env: Record<string, string>) => {
    clock = new ManualClock('2026-11-22T12:00:05.000Z');
    mailer = capturingMailer();
    t = await buildTestApp({ engine, clock, env: { ...ADMIN_ENV, ...env }, deps: { auth: { mailer } } });
    token = await loginToken(t.app);
    await setConfirmedEmail(t.app, token, 'chief@example.com', mailer);
  };
  afterEach(() => t.close());

  const put = (id: string, template: string) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/templates/${id}`, headers: bearer(token), payload: { template } });
  const restore = (id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/templates/${id}`, headers: bearer(token) });
  const listed = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(token) })).json().events as {
      kind: string;
      subject: string;
      at: string;
    }[];
  const changeMails = async () => {
    await t.app.services.audit.settled();
    return mailer.sent.filter((m) => m.subject === SUBJECT);
  };

  it('lists every save and restore, newest first, and mails the first of a burst to the recovery email', async () => {
    await start({ SMTP_URL: 'smtp://127.0.0.1:1' });
    expect(await listed()).toEqual([]);
    expect((await put('war-reminder', 'Go go go: {count} left\n{list}')).statusCode).toBe(200);
    clock.advance(5 * MINUTE);
    expect((await put('monthly-top', 'Top of {month} {year}\n{ranking}')).statusCode).toBe(200);
    clock.advance(11 * MINUTE);
    expect((await restore('war-reminder')).statusCode).toBe(200);

    expect(await listed()).toEqual([
      { id: 3, kind: 'template-restored', subject: 'War reminder', at: '2026-11-22T12:16:05.000Z' },
      { id: 2, kind: 'template-saved', subject: 'Monthly top 20', at: '2026-11-22T12:05:05.000Z' },
      { id: 1, kind: 'template-saved', subject: 'War reminder', at: '2026-11-22T12:00:05.000Z' },
    ]);
    // The edit at 12:00 is mailed, the one at 12:05 falls in its 15 minutes, the restore at 12:16 is mailed.
    const mails = await changeMails();
    expect(mails.map((m) => m.to)).toEqual(['chief@example.com', 'chief@example.com']);
    expect(mails[0]!.text).toContain(
      'The "War reminder" message template was edited at 2026-11-22T12:00:05.000Z (UTC).',
    );
    expect(mails[0]!.text).toContain('It now reads:\n\nGo go go: {count} left\n{list}');
    expect(mails[1]!.text).toMatch(/^The "War reminder" message template was restored to the default at /);
  });

  it('lists changes without mailing them when SMTP is not set', async () => {
    await start({});
    expect((await put('war-reminder', 'Decks left: {count}\n{list}')).statusCode).toBe(200);
    expect((await listed()).map((e) => e.subject)).toEqual(['War reminder']);
    expect(await changeMails()).toEqual([]);
  });

  it('records nothing for a template the server refused', async () => {
    await start({ SMTP_URL: 'smtp://127.0.0.1:1' });
    expect((await put('war-reminder', 'Hurry {name}')).statusCode).toBe(400);
    expect(await listed()).toEqual([]);
    expect(await changeMails()).toEqual([]);
  });
});
