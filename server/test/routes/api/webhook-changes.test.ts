import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { ManualClock } from '#server/lib/clock';
import { ADMIN_ENV, ADMIN_PASSWORD, bearer, capturingMailer, loginToken, setConfirmedEmail } from '#test/helpers/auth';
import { buildTestApp, type TestApp } from '#test/helpers/test-app';
import { engines } from '#test/helpers/test-db';

const HOOK = 'https://discord.com/api/webhooks/4444/the-secret-token-of-this-webhook';
const SUBJECT = "ClanOps: a clan's Discord webhook was changed";

/**
 * A clan's webhook decides where the clan's messages go (docs/decisions/115-webhook-changes-reauthenticated.md): a
 * stolen session alone cannot redirect or silence them. A change needs the current password again, and is listed in
 * Account Settings and mailed like a template change; the token is never shown.
 */
describe.each(engines)('webhook changes (%s)', (engine) => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  async function start() {
    const clock = new ManualClock('2026-11-22T12:00:05.000Z');
    const mailer = capturingMailer();
    t = await buildTestApp({
      engine,
      clock,
      env: { ...ADMIN_ENV, SMTP_URL: 'smtp://127.0.0.1:1' },
      deps: { auth: { mailer } },
    });
    const token = await loginToken(t.app);
    await setConfirmedEmail(t.app, token, 'chief@example.com', mailer);
    const main = encodeURIComponent(t.app.ctx.clans.main.tag);
    const call = (method: 'PUT' | 'DELETE', payload: Record<string, string>) =>
      t!.app.inject({ method, url: `/api/admin/family/${main}/webhook`, headers: bearer(token), payload });
    const audit = async () =>
      (await t!.app.inject({ url: '/api/admin/audit', headers: bearer(token) })).json().events as {
        kind: string;
        subject: string;
      }[];
    const stored = async () =>
      (await t!.db.kysely.selectFrom('clans').select('webhook_url').where('role', '=', 'main').executeTakeFirst())
        ?.webhook_url ?? null;
    const mails = async () => {
      await t!.app.services.audit.settled();
      return mailer.sent.filter((m) => m.subject === SUBJECT);
    };
    return { clock, call, audit, stored, mails, main: t.app.ctx.clans.main.tag };
  }

  it('refuses a change without the password or with a wrong one, and changes nothing', async () => {
    const { call, audit, stored, mails } = await start();
    const without = await call('PUT', { url: HOOK });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringMatching(/^password: /) });
    const wrong = await call('PUT', { url: HOOK, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'The current password is not correct.', code: 'WRONG_PASSWORD' });
    expect(await stored()).toBeNull();
    expect((await call('DELETE', {})).statusCode).toBe(400);
    expect(await audit()).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it('lists an accepted change and a removal in the audit list and mails them, never the token', async () => {
    const { clock, call, audit, stored, mails, main } = await start();
    const set = await call('PUT', { url: HOOK, password: ADMIN_PASSWORD });
    expect(set.statusCode).toBe(200);
    expect(await stored()).toMatch(/^v1\./);
    expect(await audit()).toMatchObject([{ kind: 'webhook-set', subject: main }]);
    const [mail] = await mails();
    expect(mail!.to).toBe('chief@example.com');
    expect(mail!.text).toContain(`The Discord webhook of ${main} was set at 2026-11-22T12:00:05.000Z (UTC).`);
    expect(mail!.text).toContain('discord.com, webhook 4444');
    expect(mail!.text).not.toContain('the-secret-token');

    clock.advance(20 * 60_000);
    expect((await call('DELETE', { password: ADMIN_PASSWORD })).statusCode).toBe(200);
    expect(await stored()).toBeNull();
    expect((await audit()).map((e) => e.kind)).toEqual(['webhook-removed', 'webhook-set']);
    expect((await mails()).map((m) => m.text.split('\n')[0])).toEqual([
      `The Discord webhook of ${main} was set at 2026-11-22T12:00:05.000Z (UTC).`,
      `The Discord webhook of ${main} was removed (a family clan keeps its messages in its outbox; ` +
        'the main clan uses DISCORD_WEBHOOK_URL) at 2026-11-22T12:20:05.000Z (UTC).',
    ]);
  });

  it('a webhook stored in plain text is sealed at start and its text is gone from the database file and its WAL', async () => {
    const { stored } = await start();
    if (!t!.db.file) return; // SQLite only: PostgreSQL keeps old row versions until VACUUM (docs/security.md §14)
    await t!.db.kysely.updateTable('clans').set({ webhook_url: HOOK }).where('role', '=', 'main').execute();
    const onDisk = () =>
      [t!.db.file!, `${t!.db.file}-wal`]
        .filter((f) => fs.existsSync(f))
        .map((f) => fs.readFileSync(f).toString('latin1'))
        .join('\n');
    expect(onDisk()).toContain('the-secret-token-of-this-webhook');
    await t!.app.close();
    t!.app = await buildApp({ config: t!.config, db: t!.db, clock: t!.clock, logger: false });
    await t!.app.ready();
    expect(await stored()).toMatch(/^v1\./);
    expect(onDisk()).not.toContain('the-secret-token-of-this-webhook');
  });
});
