import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, loginToken } from '../helpers/auth.js';
import { contentOf } from '../helpers/discord-stand-in.js';
import { engines } from '../helpers/test-db.js';
import { saveRules } from '#server/modules/discord-roles/roles.repository';
import { emptyRules } from '#server/modules/discord-roles/rules';
import { discordKit, type DiscordKit } from './discord-kit.js';

const START = '2026-11-12T00:30:00.000Z';
const R = { verified: '820000000000000001', main: '820000000000000002', member: '820000000000000004' };
const ALICE = { id: '500000000000000301' };
const BOB = { id: '500000000000000302' };
const DAVE = '500000000000000304';
const ERIN = '500000000000000305';

/**
 * A link proven with Verify, or confirmed by a leader, is synced at once (docs/decisions/160-discord-roles.md): the
 * roles arrive before any further roster poll or reconcile (the app clock does not move, so no job runs).
 */
describe.each(engines)('Discord roles right after a link is proven (%s)', (engine) => {
  let k: DiscordKit;
  let tags: string[];
  const roles = (user: string) => k.discord.guild.rolesOf(user);
  const later = (ms: number) => k.w.at(new Date(k.w.clock.now().getTime() + ms));

  /** Sends a command or button; the private message that replaced its deferred answer. */
  async function deferredAnswer(payload: { token: string }): Promise<string> {
    const res = await k.send(payload);
    expect(res.status).toBe(200);
    return contentOf(await k.discord.answerTo(payload.token));
  }

  beforeAll(async () => {
    k = await discordKit(engine, START, { seed: 84 });
    await k.w.start();
    const main = k.w.t.app.ctx.clans.main.tag;
    tags = k.w.sim.state
      .membersAt(new Date(START))
      .filter((m) => m.role === 'member')
      .map((m) => m.tag);
    k.discord.guild.addRole(R.verified, 'Verified', 10).addRole(R.main, 'Main', 11).addRole(R.member, 'Member', 12);
    k.discord.guild.addMember(ALICE.id, 'alice');
    k.discord.guild.addMember(BOB.id, 'bob');
    await saveRules(
      k.w.t.db.kysely,
      {
        ...emptyRules(),
        enabled: true,
        verifiedRoleId: R.verified,
        clanRoles: { [main]: { roleId: R.main, alias: 'Main' } },
        rankRoles: { member: R.member, elder: null, coLeader: null, leader: null },
        nicknameTemplate: '{name} | {clan}',
      },
      START,
    );
  }, 300_000);
  afterAll(() => k.close());

  it('Verify gives the roles at once, before any poll', async () => {
    const tag = tags[0]!;
    const challenge = await deferredAnswer(k.discord.command('link', ALICE, [{ name: 'tag', type: 3, value: tag }]));
    const favourite = /favourite card to \*\*(.+?)\*\*/.exec(challenge)![1]!;
    const deckCard = /put \*\*(.+?)\*\* in your current deck/.exec(challenge)![1]!;
    expect(roles(ALICE.id)).toEqual([]);
    k.w.sim.state.showCards(tag, k.w.clock.now(), { favourite, deckCard });
    later(61_000);
    expect(await deferredAnswer(k.discord.button(`link-verify:${tag}`, ALICE))).toContain('Verified:');
    await vi.waitFor(
      () => {
        expect(roles(ALICE.id)).toEqual([R.verified, R.main, R.member].sort());
        expect(k.discord.guild.members.get(ALICE.id)!.nick).toMatch(/ \| Main$/);
      },
      { timeout: 10_000 },
    );
  }, 120_000);

  it('a leader confirming a claim gives the roles at once, before any poll', async () => {
    const tag = tags[1]!;
    await deferredAnswer(k.discord.command('link', BOB, [{ name: 'tag', type: 3, value: tag }]));
    expect(roles(BOB.id)).toEqual([]);
    const res = await k.w.t.app.inject({
      method: 'POST',
      url: `/api/admin/discord-links/${encodeURIComponent(tag)}/confirm`,
      headers: bearer(await loginToken(k.w.t.app)),
      payload: { discordUserId: BOB.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    await vi.waitFor(() => expect(roles(BOB.id)).toEqual([R.verified, R.main, R.member].sort()), { timeout: 10_000 });
  }, 120_000);

  it('/nickname keep: the next sync leaves the nickname alone; /nickname follow sets it again; a claim cannot choose', async () => {
    const db = k.w.t.db.kysely;
    const alice = k.discord.guild.members.get(ALICE.id)!;
    const templated = alice.nick;
    expect(templated).toMatch(/ \| Main$/);
    later(61_000);
    const nickname = (user: { id: string }, mode: string) =>
      k.send(k.discord.command('nickname', user, [{ name: 'mode', type: 3, value: mode }]));
    const kept = await nickname(ALICE, 'keep');
    expect(kept.body).toMatchObject({ type: 4, data: { flags: 64 } });
    expect((kept.body.data as { content: string }).content).toContain('ClanOps will leave your nickname alone');
    expect(await db.selectFrom('discord_role_optouts').select('discord_user_id').execute()).toEqual([
      { discord_user_id: ALICE.id },
    ]);
    alice.nick = 'Ali by hand';
    alice.roles.delete(R.member);
    await k.w.t.app.services.discordRoles.reconcile();
    expect(alice.nick).toBe('Ali by hand');
    expect(roles(ALICE.id)).toEqual([R.verified, R.main, R.member].sort()); // the roles still follow

    const follow = await nickname(ALICE, 'follow');
    expect((follow.body.data as { content: string }).content).toContain('Your nickname will follow your player');
    await vi.waitFor(() => expect(alice.nick).toBe(templated), { timeout: 10_000 });
    expect(await db.selectFrom('discord_role_optouts').selectAll().execute()).toEqual([]);

    // only a member with a proven link chooses: a bare claim is told to prove it first, and nothing is stored
    const carol = { id: '500000000000000303' };
    await deferredAnswer(k.discord.command('link', carol, [{ name: 'tag', type: 3, value: tags[2]! }]));
    const claimed = await nickname(carol, 'keep');
    expect((claimed.body.data as { content: string }).content).toContain('is not proven yet');
    expect(await db.selectFrom('discord_role_optouts').selectAll().execute()).toEqual([]);
  }, 120_000);

  /** A leader links the tag to the user in the admin panel: that member is synced at once. */
  async function linkByLeader(tag: string, discordUserId: string) {
    const res = await k.w.t.app.inject({
      method: 'PUT',
      url: `/api/admin/discord-links/${encodeURIComponent(tag)}`,
      headers: bearer(await loginToken(k.w.t.app)),
      payload: { discordUserId },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const warnings = () => k.w.t.app.ctx.warnings.list();

  it('without Manage Roles: a system-card warning naming the role and the fix; the nickname still applies', async () => {
    const dave = k.discord.guild.addMember(DAVE, 'dave', [], 'dave by hand');
    k.discord.guild.manageRoles = false;
    await linkByLeader(tags[3]!, DAVE);
    await vi.waitFor(() => expect(dave.nick).toMatch(/ \| Main$/), { timeout: 10_000 });
    await k.w.t.app.services.discordRoles.drain();
    expect(roles(DAVE)).toEqual([]);
    const fix = 'ClanOps lacks the Manage Roles permission. Fix: give the ClanOps role Manage Roles.';
    expect(warnings()).toContain(`Discord refused to give the role "Verified" (${R.verified}) (dave ${DAVE}): ${fix}`);
    expect(warnings()).toContain(`Discord refused to give the role "Member" (${R.member}) (dave ${DAVE}): ${fix}`);
    const refused = await k.w.t.db.kysely
      .selectFrom('discord_role_changes')
      .select(['role_id', 'outcome'])
      .where('discord_user_id', '=', DAVE)
      .where('outcome', '=', 'refused')
      .execute();
    expect(refused.map((r) => r.role_id).sort()).toEqual([R.verified, R.main, R.member].sort());

    // the permission given: the next sync applies the roles and the warnings go
    k.discord.guild.manageRoles = true;
    await k.w.t.app.services.discordRoles.reconcile();
    expect(roles(DAVE)).toEqual([R.verified, R.main, R.member].sort());
    expect(warnings().filter((w) => w.includes('Manage Roles'))).toEqual([]);
  }, 120_000);

  it('a role deleted in Discord: a system-card warning to choose another role; the other roles still apply', async () => {
    k.discord.guild.roles.delete(R.member);
    const erin = k.discord.guild.addMember(ERIN, 'erin');
    await linkByLeader(tags[4]!, ERIN);
    await vi.waitFor(() => expect(erin.nick).toMatch(/ \| Main$/), { timeout: 10_000 });
    expect(roles(ERIN)).toEqual([R.verified, R.main].sort());
    expect(warnings()).toContain(
      `Discord refused to give the role ${R.member} (erin ${ERIN}): the role no longer exists in Discord. ` +
        'Fix: choose another role in the Discord roles rules.',
    );
  }, 120_000);
});
