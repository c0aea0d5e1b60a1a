import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginToken } from '../helpers/auth.js';
import { contentOf, LEADER_ROLE_ID } from '../helpers/discord-stand-in.js';
import { engines } from '../helpers/test-db.js';
import { discordKit, type DiscordKit } from './discord-kit.js';

const FEEDER = '#QQQQQQ';
const FEEDER_NAME = 'Feeder Royale';
const ALICE = { id: '500000000000000011' };
const BOB = { id: '500000000000000012' };
const CAROL = { id: '500000000000000013' };
const LEADER = { id: '600000000000000011', roles: [LEADER_ROLE_ID] };

/**
 * The commands in a clan family (docs/discord.md, "A clan family"): a command is about the clan given as its `clan`
 * option, else the clan of the caller's linked player, else the main clan. The simulator serves the main clan and a
 * feeder from one player pool (no moves here: who is where is fixed by the ledger); the app's scheduler polled and
 * reported both clans from Thursday to the next Friday afternoon.
 */
describe.each(engines)('Discord commands in a family of two clans (%s)', (engine) => {
  let k: DiscordKit;
  let alice: string;
  let bob: string;
  let mainName: string;
  beforeAll(async () => {
    k = await discordKit(engine, '2026-11-12T00:00:00.000Z', {
      seed: 83,
      family: [{ tag: FEEDER, name: FEEDER_NAME }],
      moveRate: 0,
    });
    const admin = await loginToken(k.w.t.app);
    const added = await k.w.t.app.inject({
      method: 'POST',
      url: '/api/admin/family',
      headers: bearer(admin),
      payload: { tag: FEEDER },
    });
    expect(added.statusCode).toBe(200);
    await k.w.start();
    await k.w.driveUntil('2026-11-20T15:00:00.000Z');
    const now = k.w.clock.now();
    const family = k.w.sim.state.family!;
    mainName = k.w.sim.state.clanName;
    alice = family.membersAt(k.w.t.app.ctx.clans.main.tag, now)[0]!;
    bob = family.membersAt(FEEDER, now)[0]!;
    const token = await loginToken(k.w.t.app); // a week later: a new session
    for (const [tag, user] of [
      [alice, ALICE.id],
      [bob, BOB.id],
    ] as const) {
      const res = await k.w.t.app.inject({
        method: 'PUT',
        url: `/api/admin/discord-links/${encodeURIComponent(tag)}`,
        headers: bearer(token),
        payload: { discordUserId: user },
      });
      expect(res.statusCode).toBe(200);
    }
  }, 300_000);
  afterAll(() => k.close());

  const opt = (name: string, value: string | number, type = 3) => ({ name, type, value });
  const warAnswer = async (caller: { id: string }, options: ReturnType<typeof opt>[] = []) => {
    const command = k.discord.command('war', caller, options);
    const res = await k.send(command);
    expect(res.body).toEqual({ type: 5, data: {} });
    return contentOf(await k.discord.answerTo(command.token));
  };

  it('/war is about the caller’s own clan: the feeder for its member, the main clan for the main clan’s', async () => {
    expect(await warAnswer(BOB)).toMatch(new RegExp(`^\\*\\*${FEEDER_NAME}\\*\\* — battle day 2: rank`));
    expect(await warAnswer(ALICE)).toMatch(/^\*\*Demo Royale ⚔\*\* — battle day 2: rank/);
    // a caller with no linked player: the main clan
    expect(await warAnswer(CAROL)).toMatch(/^\*\*Demo Royale ⚔\*\* — battle day 2: rank/);
    expect(mainName).toBe('Demo Royale ⚔');
  });

  it('/war clan: picks another clan of the family by tag (typed loosely) or by name', async () => {
    const feederMembers = k.w.sim.state.family!.membersAt(FEEDER, k.w.clock.now()).length;
    const byTag = await warAnswer(ALICE, [opt('clan', 'qqqqqq')]);
    expect(byTag).toMatch(new RegExp(`^\\*\\*${FEEDER_NAME}\\*\\*`));
    expect(byTag).toContain(`(${feederMembers} members × 4)`);
    expect(await warAnswer(BOB, [opt('clan', 'demo royale ⚔')])).toMatch(/^\*\*Demo Royale ⚔\*\*/);
  });

  it('/war clan: answers at once, privately, when the clan is not in the family', async () => {
    const res = await k.send(k.discord.command('war', ALICE, [opt('clan', '#2J0000')]));
    expect(res.body).toMatchObject({ type: 4, data: { flags: 64 } });
    const text = (res.body as { data: { content: string } }).data.content;
    expect(text).toBe(
      `#2J0000 is not a clan of this family. Its clans: Demo Royale ⚔ (${k.w.t.app.ctx.clans.main.tag}), ${FEEDER_NAME} (${FEEDER}).`,
    );
  });

  it('/inactive clan: gives the feeder’s own stored report, headed by the clan', async () => {
    const newest = await k.w.t.db.kysely
      .selectFrom('war_day_reports')
      .select(['title', 'clan_tag'])
      .where('clan_tag', '=', FEEDER)
      .orderBy('season_id', 'desc')
      .orderBy('section_index', 'desc')
      .orderBy('day', 'desc')
      .executeTakeFirstOrThrow();
    const res = await k.send(k.discord.command('inactive', LEADER, [opt('clan', FEEDER)]));
    const text = (res.body as { data: { content: string } }).data.content;
    expect(text.startsWith(`__${FEEDER_NAME} (${FEEDER})__\n`)).toBe(true);
    expect(text).toContain(newest.title);
    // the leader's own clan (no linked player): the main clan's report
    const mainText = ((await k.send(k.discord.command('inactive', LEADER))).body as { data: { content: string } }).data
      .content;
    expect(mainText.startsWith(`__Demo Royale ⚔ (${k.w.t.app.ctx.clans.main.tag})__\n`)).toBe(true);
  });

  it('/me shows the feeder member the decks left in the feeder’s newest snapshot', async () => {
    const newest = await k.w.t.db.kysely
      .selectFrom('war_state_cache')
      .select(['participants', 'taken_at', 'period_index', 'season_id'])
      .where('clan_tag', '=', FEEDER)
      .orderBy('taken_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const family = k.w.sim.state.family!;
    // the simulator's own count of Bob's decks at the moment the snapshot was taken
    const used = Math.min(
      4,
      family.attacks(bob, newest.season_id!, newest.period_index, new Date(newest.taken_at)).length,
    );
    const res = await k.send(k.discord.command('me', BOB));
    const text = (res.body as { data: { content: string } }).data.content;
    expect(text.startsWith(`__${FEEDER_NAME} (${FEEDER})__\n`)).toBe(true);
    expect(text).toContain(`Decks left today: **${4 - used} of 4** (${used} used`);
  });
});
