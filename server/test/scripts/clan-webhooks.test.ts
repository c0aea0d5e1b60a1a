import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '#server/lib/clock';
import { ADMIN_PASSWORD, bearer, loginToken } from '#test/helpers/auth';
import { startDiscordReceiver } from '#test/helpers/discord-receiver';
import { engines } from '#test/helpers/test-db';
import { scriptTestApp, testScript } from '#test/helpers/scripts';
import type { TestApp } from '#test/helpers/test-app';

/**
 * Each clan of a family posts to its own Discord webhook (docs/decisions/104-per-clan-webhooks.md): two clans, two
 * webhooks on one local Discord stand-in, told apart by the webhook id in the path.
 */
const FEEDER = '#QQQQQQ';
const MAIN_HOOK = 'https://discord.com/api/webhooks/111/main-secret-token';
const FEEDER_HOOK = 'https://discord.com/api/webhooks/222/feeder-secret-token';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

type Answer = { status: number; body?: unknown };

/** A stand-in answering each webhook as `answers[id]` says (200 by default), and what each received, in order. */
async function family(engine: (typeof engines)[number], answers: Record<string, () => Answer> = {}) {
  const receiver = await startDiscordReceiver((req, i) => {
    const id = /\/webhooks\/(\d+)\//.exec(req.url)?.[1] ?? '';
    return answers[id]?.() ?? { status: 200, body: { id: `m${i}` } };
  });
  cleanups.push(receiver.close);
  const clock = new ManualClock('2026-11-22T12:00:00.000Z');
  let n = 0;
  const script = testScript({
    outcome: (ctx) => ({ result: {}, message: 'Reported.', discord: [{ content: `${ctx.clanTag} message ${++n}` }] }),
  });
  const base = receiver.url.replace(/\/webhooks\/.*$/, '');
  const t: TestApp = await scriptTestApp(engine, clock, { definitions: [script.def] }, { DISCORD_API_BASE_URL: base });
  cleanups.push(t.close);
  const auth = bearer(await loginToken(t.app));
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  expect((await call('POST', '/api/admin/family', { tag: FEEDER })).statusCode).toBe(200);
  const main = t.app.ctx.clans.main.tag;
  const run = (clanTag: string) => t.app.services.scripts.runNow(script.def, 'manual', clanTag);
  /** the contents each webhook received, in the order it received them */
  const at = (id: string) =>
    receiver.received.filter((r) => r.url.includes(`/webhooks/${id}/`)).map((r) => r.body.content as string);
  const rows = () => t.db.kysely.selectFrom('discord_outbox').select(['clan_tag', 'status']).orderBy('id').execute();
  return { t, clock, call, main, run, at, rows, receiver };
}

describe.each(engines)('per-clan Discord webhooks on %s', (engine) => {
  it('delivers each clan’s messages to its own webhook, in order; a clan without one keeps them in its outbox', async () => {
    const f = await family(engine);
    await f.run(FEEDER);
    expect(await f.rows()).toEqual([{ clan_tag: FEEDER, status: 'outbox' }]);
    const discordOf = async (query: string) => (await f.call('GET', `/api/admin/system${query}`)).json().discord;
    expect(await discordOf('?clan=QQQQQQ')).toBe('outbox');

    expect(
      (
        await f.call('PUT', `/api/admin/family/${encodeURIComponent(f.main)}/webhook`, {
          url: MAIN_HOOK,
          password: ADMIN_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    const set = await f.call('PUT', '/api/admin/family/QQQQQQ/webhook', { url: FEEDER_HOOK, password: ADMIN_PASSWORD });
    expect(set.statusCode).toBe(200);
    expect(set.body).not.toContain('secret-token');
    expect(set.json().clans.map((c: { webhook: unknown }) => c.webhook)).toEqual([
      { source: 'clan', host: 'discord.com', webhookId: '111', readable: true },
      { source: 'clan', host: 'discord.com', webhookId: '222', readable: true },
    ]);

    // the system card says where the clan it is asked about posts
    expect(await discordOf('?clan=QQQQQQ')).toBe('webhook');
    for (const clan of [f.main, FEEDER, FEEDER, f.main, FEEDER, f.main]) await f.run(clan);
    expect(f.at('111')).toEqual([`${f.main} message 2`, `${f.main} message 5`, `${f.main} message 7`]);
    expect(f.at('222')).toEqual([`${FEEDER} message 3`, `${FEEDER} message 4`, `${FEEDER} message 6`]);
    // the message written before the feeder had a webhook stays in its outbox
    expect((await f.rows())[0]).toEqual({ clan_tag: FEEDER, status: 'outbox' });
  });

  it('holds only the clan Discord answers 429: the other clan’s messages go out, and the held ones follow in order', async () => {
    let limited = true;
    const f = await family(engine, {
      '111': () => (limited ? { status: 429, body: { retry_after: 1 } } : { status: 200, body: { id: 'ok' } }),
    });
    await f.call('PUT', `/api/admin/family/${encodeURIComponent(f.main)}/webhook`, {
      url: MAIN_HOOK,
      password: ADMIN_PASSWORD,
    });
    await f.call('PUT', `/api/admin/family/${encodeURIComponent(FEEDER)}/webhook`, {
      url: FEEDER_HOOK,
      password: ADMIN_PASSWORD,
    });
    for (const clan of [f.main, FEEDER, f.main, FEEDER]) await f.run(clan);
    expect(f.at('222')).toEqual([`${FEEDER} message 2`, `${FEEDER} message 4`]);
    expect(await f.rows()).toEqual([
      { clan_tag: f.main, status: 'failed' },
      { clan_tag: FEEDER, status: 'sent' },
      { clan_tag: f.main, status: 'pending' },
      { clan_tag: FEEDER, status: 'sent' },
    ]);
    limited = false;
    f.clock.advance(60_000);
    await f.t.app.services.scripts.outboxDispatcher.flush();
    expect(f.at('111').slice(-2)).toEqual([`${f.main} message 1`, `${f.main} message 3`]);
    expect((await f.rows()).map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
  });

  it('turns off only the clan whose webhook Discord refuses (404)', async () => {
    const f = await family(engine, {
      '222': () => ({ status: 404, body: { message: 'Unknown Webhook', code: 10015 } }),
    });
    await f.call('PUT', `/api/admin/family/${encodeURIComponent(f.main)}/webhook`, {
      url: MAIN_HOOK,
      password: ADMIN_PASSWORD,
    });
    await f.call('PUT', `/api/admin/family/${encodeURIComponent(FEEDER)}/webhook`, {
      url: FEEDER_HOOK,
      password: ADMIN_PASSWORD,
    });
    const refused = await f.run(FEEDER);
    expect(refused.details.errors).toEqual([
      expect.stringContaining(
        `Discord refused the webhook (404: Unknown Webhook [10015]); set the webhook of ${FEEDER} again`,
      ),
    ]);
    await f.run(FEEDER);
    await f.run(f.main);
    expect(f.at('222')).toHaveLength(1); // the second feeder message was not posted to the refused webhook
    expect(f.at('111')).toEqual([`${f.main} message 3`]);
    // a new webhook for the feeder starts a new sender: the waiting messages go out first, in order
    await f.call('PUT', `/api/admin/family/${encodeURIComponent(FEEDER)}/webhook`, {
      url: 'https://discord.com/api/webhooks/333/another-token',
      password: ADMIN_PASSWORD,
    });
    await f.run(FEEDER);
    f.clock.advance(60_000);
    await f.t.app.services.scripts.outboxDispatcher.flush();
    expect(f.at('333')).toEqual([`${FEEDER} message 1`, `${FEEDER} message 2`, `${FEEDER} message 4`]);
  });

  it('keeps the webhook URL out of the database and refuses what is not a Discord webhook', async () => {
    const f = await family(engine);
    const bad = await f.call('PUT', '/api/admin/family/QQQQQQ/webhook', {
      url: 'https://example.com/hook',
      password: ADMIN_PASSWORD,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_WEBHOOK' });
    const stranger = await f.call('PUT', '/api/admin/family/RRRRRR/webhook', {
      url: FEEDER_HOOK,
      password: ADMIN_PASSWORD,
    });
    expect(stranger.statusCode).toBe(404);
    expect(
      (await f.call('PUT', '/api/admin/family/QQQQQQ/webhook', { url: FEEDER_HOOK, password: ADMIN_PASSWORD }))
        .statusCode,
    ).toBe(200);

    const stored = await f.t.db.kysely.selectFrom('clans').select(['tag', 'webhook_url']).orderBy('position').execute();
    expect(stored[1]).toMatchObject({ tag: FEEDER, webhook_url: expect.stringMatching(/^v1\./) });
    let text: string;
    if (f.t.db.file) {
      const files = [f.t.db.file, `${f.t.db.file}-wal`].filter((p) => fs.existsSync(p));
      text = files.map((p) => fs.readFileSync(p).toString('latin1')).join('\n');
    } else text = JSON.stringify(stored);
    expect(text).not.toContain('feeder-secret-token');
    expect(text).not.toContain('webhooks/222');

    // a sealed value copied to another clan's row does not open there (the clan tag is bound to it)
    await f.t.db.kysely
      .updateTable('clans')
      .set({ webhook_url: stored[1]!.webhook_url })
      .where('tag', '=', f.main)
      .execute();
    const listed = (await f.call('GET', '/api/admin/family')).json();
    expect(listed.clans[0].webhook).toEqual({ source: 'clan', host: '', webhookId: '', readable: false });

    const cleared = await f.call('DELETE', '/api/admin/family/QQQQQQ/webhook', { password: ADMIN_PASSWORD });
    expect(cleared.json().clans[1].webhook).toBeNull();
  });
});
