import { afterEach, describe, expect, it } from 'vitest';
import { LEADER_ROLE_ID } from '../helpers/discord-stand-in.js';
import { engines } from '../helpers/test-db.js';
import { discordKit, type DiscordKit } from './discord-kit.js';

const START = '2026-11-19T15:00:00.000Z';
const FOREIGN_GUILD = '999999999999999999';
/** The administrator (permission bit 1 << 3) of a server that added the bot: not our server. */
const STRANGER = { id: '700000000000000001', permissions: '8', guildId: FOREIGN_GUILD };
const LEADER = { id: '600000000000000001', roles: [LEADER_ROLE_ID] };
const REFUSED = 'ClanOps answers only in its own clan’s Discord server: nothing was read or changed here.';

/**
 * Who may come through the Discord door (docs/discord.md §2): only the configured server, and each interaction
 * once. Through the stand-in over real HTTP, signed with its own key like Discord's.
 */
describe.each(engines)('the Discord door (%s)', (engine) => {
  let k: DiscordKit | null = null;
  afterEach(async () => {
    await k?.close();
    k = null;
  });
  const opt = (name: string, value: string | number, type = 3) => ({ name, type, value });

  it('refuses every command from another server privately, its administrator included, and changes nothing', async () => {
    k = await discordKit(engine, START, { seed: 91 });
    const tag = k.w.sim.state.ledger.membersAt(k.w.clock.now())[0]!;
    const commands = [
      k.discord.command('away', STRANGER, [opt('from', '2026-11-27'), opt('to', '2026-11-29'), opt('tag', tag)]),
      k.discord.command('remind', STRANGER),
      k.discord.command('absences', STRANGER),
      k.discord.command('inactive', STRANGER),
      k.discord.command('link', STRANGER, [opt('tag', tag)]),
      k.discord.command('reminders', STRANGER, [opt('mode', 'dm')]),
      k.discord.button('absence-approve:1', STRANGER),
    ];
    for (const payload of commands) {
      const res = await k.send(payload);
      expect(res).toEqual({
        status: 200,
        body: { type: 4, data: { content: REFUSED, allowed_mentions: { parse: [] }, flags: 64 } },
      });
    }
    await k.w.t.app.services.discord.idle();
    const db = k.w.t.db.kysely;
    expect(await db.selectFrom('excused_absences').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('discord_links').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('discord_members').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('script_runs').selectAll().where('script_id', '=', 'war-reminders').execute()).toEqual(
      [],
    );
    // nothing was sent to Discord for them: no deferred answer, no direct message
    expect(k.discord.requests.filter((r) => r.method !== 'PUT')).toEqual([]);
  });

  it('refuses a captured interaction played again within its 5 minutes, and a body that is not JSON', async () => {
    k = await discordKit(engine, START, { seed: 92 });
    const tag = k.w.sim.state.ledger.membersAt(k.w.clock.now())[0]!;
    const signedAt = k.w.clock.now();
    const away = k.discord.command('away', LEADER, [
      opt('from', '2026-11-27'),
      opt('to', '2026-11-29'),
      opt('tag', tag),
    ]);
    const first = await k.send(away, { at: signedAt });
    expect(first.status).toBe(200);
    expect(String((first.body.data as { content: string }).content)).toMatch(/^Approved: /);

    // four minutes later the same bytes, signature and timestamp still pass the signature check
    k.w.at(new Date(signedAt.getTime() + 4 * 60_000));
    const replay = await k.send(away, { at: signedAt });
    expect(replay).toEqual({
      status: 401,
      body: { error: 'This interaction was already received.', code: 'REPLAYED_INTERACTION' },
    });
    expect(await k.w.t.db.kysely.selectFrom('excused_absences').selectAll().execute()).toHaveLength(1);

    const plain = await k.send(k.discord.ping(), { contentType: 'text/plain' });
    expect(plain).toEqual({
      status: 415,
      body: { error: 'Unsupported content type: send JSON.', code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
  });

  it('answers an autocomplete request with no suggestions rather than a message', async () => {
    k = await discordKit(engine, START, { seed: 93 });
    const res = await k.send(k.discord.autocomplete('war', LEADER, { name: 'clan', value: 'fee' }));
    expect(res).toEqual({ status: 200, body: { type: 8, data: { choices: [] } } });
  });
});
