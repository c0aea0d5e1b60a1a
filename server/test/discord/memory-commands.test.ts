import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditResponse } from '#contracts/admin-auth';
import type { MemberMemory } from '#contracts/admin-leaders';
import { LEADER_ROLE_ID } from '#test/helpers/discord-stand-in';
import { bearer, loginToken } from '#test/helpers/auth';
import { engines } from '#test/helpers/test-db';
import { discordKit, type DiscordKit } from './discord-kit.js';

const START = '2026-11-25T12:00:00.000Z';
const LEADER = { id: '600000000000000021', roles: [LEADER_ROLE_ID] };
const MEMBER = { id: '600000000000000022' };
const opt = (name: string, value: string | number, type = 3) => ({ name, type, value });
const content = (body: Record<string, unknown>) => (body.data as { content: string; flags?: number }).content;

/**
 * /strike, /note and /history (docs/leaders-memory.md): leaders only, answered privately; a member is refused and
 * nothing is written; what a leader writes is the admin console's note or strike, audited.
 */
describe.each(engines)('the leaders’ memory in Discord (%s)', (engine) => {
  let k: DiscordKit;
  let tag: string;
  beforeAll(async () => {
    k = await discordKit(engine, START, { seed: 7 });
    await k.w.start();
    tag = k.w.sim.state.membersAt(new Date(START))[5]!.tag;
  }, 120_000);
  afterAll(() => k?.close());

  it('refuses /strike, /note and /history to a member, and writes nothing', async () => {
    for (const [name, options] of [
      ['strike', [opt('tag', tag), opt('reason', 'no war decks')]],
      ['note', [opt('tag', tag), opt('reason', 'nice guy')]],
      ['history', [opt('tag', tag)]],
    ] as const) {
      const res = await k.send(k.discord.command(name, MEMBER, [...options]));
      expect(content(res.body)).toBe(
        `Only clan leaders can use \`/${name}\`: it needs the leader role or the Manage Server permission.`,
      );
    }
    expect(await k.w.t.db.kysely.selectFrom('leader_notes').selectAll().execute()).toEqual([]);
  });

  it('tells the player of a strike by direct message when the clan chooses it', async () => {
    const other = k.w.sim.state.membersAt(new Date(START))[7]!.tag;
    const owner = '600000000000000023';
    const headers = bearer(await loginToken(k.w.t.app));
    const rules = { threshold: 3, days: 30, auto: false, dm: true };
    expect(
      (await k.w.t.app.inject({ method: 'PUT', url: '/api/admin/leaders/rules', headers, payload: rules })).statusCode,
    ).toBe(200);
    await k.w.t.db.kysely
      .insertInto('discord_links')
      .values({ player_tag: other, discord_user_id: owner, created_at: START, status: 'verified', verified_at: START })
      .execute();
    await k.send(k.discord.command('strike', LEADER, [opt('tag', other), opt('reason', 'rude in chat')]));
    const dm = await k.discord.waitFor((r) => r.method === 'POST' && /^\/channels\/\d+\/messages$/.test(r.path));
    expect((dm.body as { content: string }).content).toBe(
      'The leaders of #2PQ8L0C gave you a strike: rude in chat. It counts until 2026-12-25.',
    );
    const channel = k.discord.requests.find((r) => r.path === '/users/@me/channels')!;
    expect((channel.body as { recipient_id: string }).recipient_id).toBe(owner);
  });

  it('a leader’s /strike and /note are kept, audited and read back by /history, privately', async () => {
    const strike = await k.send(
      k.discord.command('strike', LEADER, [opt('tag', tag), opt('reason', '0/4 on Friday'), opt('days', 10, 4)]),
    );
    expect(content(strike.body)).toBe(`Strike given to ${tag} until 2026-12-05: 0/4 on Friday`);
    expect((strike.body.data as { flags?: number }).flags).toBe(64);
    await k.send(k.discord.command('note', LEADER, [opt('tag', tag), opt('reason', 'back from holiday')]));
    const history = await k.send(k.discord.command('history', LEADER, [opt('tag', tag)]));
    expect(content(history.body)).toContain('1 active strike(s).');
    expect(content(history.body)).toContain('Strike 2026-11-25: 0/4 on Friday (until 2026-12-05)');
    expect(content(history.body)).toContain('Note 2026-11-25: back from holiday');
    expect((history.body.data as { flags?: number }).flags).toBe(64);

    const headers = bearer(await loginToken(k.w.t.app));
    const memory = (
      await k.w.t.app.inject({ url: `/api/admin/leaders/members/${encodeURIComponent(tag)}`, headers })
    ).json() as MemberMemory;
    expect(memory.notes.map((n) => [n.kind, n.author])).toEqual([
      ['note', `discord:${LEADER.id}`],
      ['strike', `discord:${LEADER.id}`],
    ]);
    const audit = (await k.w.t.app.inject({ url: '/api/admin/audit', headers })).json() as AuditResponse;
    expect(audit.events.map((e) => e.kind).slice(0, 2)).toEqual(['note-added', 'strike-added']);
  });
});
