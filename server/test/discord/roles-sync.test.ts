import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_ID } from '../helpers/discord-guild.js';
import type { StandInRequest } from '../helpers/discord-stand-in.js';
import { engines } from '../helpers/test-db.js';
import { HOUR } from '../helpers/war-timeline.js';
import { saveRules } from '#server/modules/discord-roles/roles.repository';
import { emptyRules } from '#server/modules/discord-roles/rules';
import { discordKit, type DiscordKit } from './discord-kit.js';

const START = '2026-11-12T00:00:00.000Z';
const T = (hours: number) => new Date(Date.parse(START) + hours * HOUR);
const FEEDER = '#QQQQQQ';
const R = {
  verified: '820000000000000001',
  main: '820000000000000002',
  feeder: '820000000000000003',
  member: '820000000000000004',
  elder: '820000000000000005',
  co: '820000000000000006',
  guest: '820000000000000007',
  booster: '820000000000000099',
};
const U = {
  alice: '500000000000000101',
  bob: '500000000000000102',
  carol: '500000000000000103',
  dan: '500000000000000104',
  dave: '500000000000000105',
  frank: '500000000000000106',
};

/**
 * Discord roles and nicknames that follow the game (docs/decisions/160-discord-roles.md), through the Discord stand-in
 * (which keeps each member's roles and nickname and refuses as Discord does) and the simulator, on the app's real
 * scheduler: polls, the queue, the hourly reconcile. Expected roles are the rules applied by hand to what the
 * simulator's ledger says of each player.
 */
describe.each(engines)('Discord roles follow the game (%s)', (engine) => {
  let k: DiscordKit;
  const tags: Record<string, string> = {};
  const roles = (user: string) => k.discord.guild.rolesOf(user);
  const audit = () => k.w.t.db.kysely.selectFrom('discord_role_changes').selectAll().orderBy('id').execute();
  const guildCalls = (r: StandInRequest) => r.path.startsWith('/guilds/');

  beforeAll(async () => {
    k = await discordKit(engine, START, {
      seed: 83,
      deadlineMs: 60_000,
      family: [{ tag: FEEDER, name: 'Feeder Royale' }],
      moveRate: 0,
      env: { FAMILY_CLAN_TAGS: FEEDER },
    });
    const g = k.discord.guild;
    const names = ['verified', 'main', 'feeder', 'member', 'elder', 'co'] as const;
    names.forEach((n, i) => g.addRole(R[n], n, 10 + i));
    g.addRole(R.guest, 'Guest', 70); // above the bot's own role (50): Discord refuses it
    g.addRole(R.booster, 'Booster', 5); // not in the rules
    const sim = k.w.sim.state;
    const main = k.w.t.app.ctx.clans.main.tag;
    const steady = sim
      .membersAt(new Date(START))
      .filter((m) => m.role === 'member' && sim.family!.clanOf(m.tag, T(80)) === main)
      .map((m) => m.tag)
      .sort();
    ['alice', 'bob', 'carol', 'dan', 'dave', 'owner'].forEach((n, i) => (tags[n] = steady[i]!));
    for (const [name, id] of Object.entries(U)) g.addMember(id, name, [R.booster]);
    g.members.get(OWNER_ID)!.roles.add(R.booster);
    const db = k.w.t.db.kysely;
    const at = START;
    const rows = [
      { player_tag: tags.alice!, discord_user_id: U.alice, status: 'verified' },
      { player_tag: tags.bob!, discord_user_id: U.bob, status: 'confirmed' },
      { player_tag: tags.carol!, discord_user_id: U.carol, status: 'verified' },
      { player_tag: tags.dan!, discord_user_id: U.dan, status: 'verified' },
      { player_tag: tags.dave!, discord_user_id: U.dave, status: 'claimed' },
      { player_tag: '#PLAYER999', discord_user_id: U.frank, status: 'confirmed' },
      { player_tag: tags.owner!, discord_user_id: OWNER_ID, status: 'confirmed' },
    ];
    await db
      .insertInto('discord_links')
      .values(rows.map((r) => ({ ...r, created_at: at, verified_at: r.status === 'claimed' ? null : at })))
      .execute();
    await saveRules(
      db,
      {
        ...emptyRules(),
        enabled: true,
        verifiedRoleId: R.verified,
        guestRoleId: R.guest,
        clanRoles: { [main]: { roleId: R.main, alias: 'Main' }, [FEEDER]: { roleId: R.feeder, alias: 'Feed' } },
        rankRoles: { member: R.member, elder: R.elder, coLeader: R.co, leader: null },
        nicknameTemplate: '{name} | {clan}',
        removalDelayHours: 48,
      },
      at,
    );
    // the script of the game: a promotion, a move to the feeder, a leave for good, a leave and a return within 48 h
    sim.changeProfile({ playerTag: tags.alice!, at: T(1.5), role: 'elder' });
    sim.move(tags.bob!, FEEDER, T(2.2), T(2.25));
    sim.move(tags.carol!, main, T(3.2), T(200));
    sim.move(tags.dan!, main, T(3.2), T(20));
    await k.w.start();
  }, 300_000);
  afterAll(() => k.close());

  it('a proven link gets the verified, clan and rank roles and the nickname within one poll; a claim gets nothing', async () => {
    await k.w.driveUntil(T(1));
    const sim = k.w.sim.state;
    const nameOf = (tag: string) => sim.membersAt(T(1)).find((m) => m.tag === tag)!.name;
    expect(roles(U.alice)).toEqual([R.verified, R.main, R.member, R.booster].sort());
    expect(k.discord.guild.members.get(U.alice)!.nick).toBe(`${nameOf(tags.alice!)} | Main`.slice(0, 32));
    expect(roles(U.dave)).toEqual([R.booster]);
    expect(k.discord.guild.members.get(U.dave)!.nick).toBeNull();
  }, 300_000);

  it('a role Discord refuses is a system-card warning naming it and the fix; the other roles still apply', async () => {
    // Frank's player is not in the family: verified and guest; the guest role is above the bot's
    expect(roles(U.frank)).toEqual([R.verified, R.booster].sort());
    const warnings = k.w.t.app.ctx.warnings.list();
    expect(warnings.find((w) => w.includes(R.guest))).toContain(
      `Discord refused to give the role "Guest" (${R.guest}) (frank ${U.frank}): the role is at or above ClanOps' own highest role`,
    );
    // the owner's nickname: refused, said so; the owner's roles applied
    expect(roles(OWNER_ID)).toEqual([R.verified, R.main, R.member, R.booster].sort());
    expect(warnings.some((w) => w.includes(`server owner's nickname (owner ${OWNER_ID})`))).toBe(true);
    const refused = (await audit()).filter((a) => a.outcome === 'refused');
    expect(refused.map((a) => [a.discord_user_id, a.kind, a.role_id])).toEqual(
      expect.arrayContaining([
        [U.frank, 'add-role', R.guest],
        [OWNER_ID, 'set-nick', null],
      ]),
    );
  });

  it('a promotion in the game changes the rank role at the next poll, with the reason', async () => {
    await k.w.driveUntil(T(2));
    expect(roles(U.alice)).toEqual([R.verified, R.main, R.elder, R.booster].sort());
    const rows = (await audit()).filter((a) => a.discord_user_id === U.alice && a.at > T(1.4).toISOString());
    expect(rows.map((a) => [a.kind, a.role_id, a.reason])).toEqual([
      ['add-role', R.elder, 'promoted to elder in the game'],
      ['remove-role', R.member, 'promoted to elder in the game'],
    ]);
  }, 300_000);

  it('a move between family clans adds the new clan role before taking the old one', async () => {
    await k.w.driveUntil(T(3));
    expect(roles(U.bob)).toEqual([R.verified, R.feeder, R.member, R.booster].sort());
    const calls = k.discord.requests.filter((r) => r.path.includes(`/members/${U.bob}/roles/`));
    const put = calls.findIndex((r) => r.method === 'PUT' && r.path.endsWith(R.feeder));
    const del = calls.findIndex((r) => r.method === 'DELETE' && r.path.endsWith(R.main));
    expect(put).toBeGreaterThanOrEqual(0);
    expect(del).toBeGreaterThan(put);
    const reasons = (await audit()).filter((a) => a.discord_user_id === U.bob && a.role_id === R.main);
    expect(reasons.at(-1)).toMatchObject({ kind: 'remove-role', reason: 'moved to Feed', outcome: 'applied' });
  }, 300_000);

  it('a leaver keeps the roles through the delay; after it they go; one who returns within it keeps them', async () => {
    await k.w.driveUntil(T(6));
    // the delay runs from the last poll that saw Carol in the family
    const row = await k.w.t.db.kysely
      .selectFrom('clan_members')
      .select(['last_seen_at', 'left_at'])
      .where('tag', '=', tags.carol!)
      .executeTakeFirstOrThrow();
    expect(row.left_at).not.toBeNull();
    const lastSeen = Date.parse(row.last_seen_at);
    expect(lastSeen).toBeLessThan(T(3.2).getTime());
    await k.w.driveUntil(new Date(lastSeen + 47 * HOUR));
    expect(roles(U.carol)).toEqual([R.verified, R.main, R.member, R.booster].sort());
    expect(roles(U.dan)).toEqual([R.verified, R.main, R.member, R.booster].sort());
    // the hourly reconcile after the 48 h takes them
    await k.w.driveUntil(new Date(lastSeen + 49 * HOUR + 15 * 60_000));
    expect(roles(U.carol)).toEqual([R.verified, R.booster].sort());
    const gone = (await audit()).filter((a) => a.discord_user_id === U.carol && a.kind === 'remove-role');
    expect(gone.map((a) => a.reason)).toEqual(['left the family 48 h ago', 'left the family 48 h ago']);
    expect(roles(U.dan)).toEqual([R.verified, R.main, R.member, R.booster].sort());
    expect((await audit()).filter((a) => a.discord_user_id === U.dan && a.kind === 'remove-role')).toEqual([]);
  }, 600_000);

  it('a role removed by hand comes back at the next reconcile (not before)', async () => {
    expect(k.w.clock.now().getTime()).toBeLessThan(T(51.5).getTime());
    k.discord.guild.members.get(U.alice)!.roles.delete(R.verified);
    // the polls and drains of the hour see no change in the game: nothing is queued
    await k.w.driveUntil(T(51.9));
    expect(roles(U.alice)).not.toContain(R.verified);
    await k.w.driveUntil(T(52.25));
    expect(roles(U.alice)).toContain(R.verified);
    const back = (await audit()).filter((a) => a.discord_user_id === U.alice && a.at > T(51.25).toISOString());
    expect(back.map((a) => [a.at, a.kind, a.role_id, a.reason])).toEqual([
      [T(52).toISOString(), 'add-role', R.verified, `verified link to ${tags.alice}`],
    ]);
  }, 300_000);

  it('a Discord outage of two hours loses no change and applies none twice', async () => {
    k.w.sim.state.changeProfile({ playerTag: tags.alice!, at: T(52.5), role: 'coLeader' });
    const up = k.discord.down(guildCalls);
    await k.w.driveUntil(T(54.5));
    expect(roles(U.alice)).toContain(R.elder);
    const waiting = await k.w.t.db.kysely.selectFrom('discord_role_queue').selectAll().execute();
    expect(waiting.map((w) => w.discord_user_id)).toContain(U.alice);
    up();
    await k.w.driveUntil(T(54.75));
    expect(roles(U.alice)).toEqual([R.verified, R.main, R.co, R.booster].sort());
    const co = (await audit()).filter((a) => a.role_id === R.co);
    expect(co.map((a) => [a.discord_user_id, a.kind, a.outcome])).toEqual([[U.alice, 'add-role', 'applied']]);
    const elder = (await audit()).filter((a) => a.role_id === R.elder && a.kind === 'remove-role');
    expect(elder.map((a) => [a.discord_user_id, a.reason])).toEqual([[U.alice, 'promoted to co-leader in the game']]);
    expect(await k.w.t.db.kysely.selectFrom('discord_role_queue').selectAll().execute()).toEqual([]);
  }, 300_000);

  it('a rank change between hours follows the poll that sees it, not the next hourly reconcile', async () => {
    // the snapshots poll every 15 minutes around the usual reset (09:15–10:30 UTC); the reconcile runs at the hour
    const at = T(57 + 20 / 60); // 09:20 on the third day
    expect(at.toISOString()).toBe('2026-11-14T09:20:00.000Z');
    k.w.sim.state.changeProfile({ playerTag: tags.alice!, at, role: 'elder' });
    await k.w.driveUntil(T(57 + 35 / 60));
    expect(roles(U.alice)).toEqual([R.verified, R.main, R.elder, R.booster].sort());
    const rows = (await audit()).filter((a) => a.discord_user_id === U.alice && a.at > at.toISOString());
    expect(rows.map((a) => [a.at, a.kind, a.role_id, a.reason])).toEqual([
      ['2026-11-14T09:30:00.000Z', 'add-role', R.elder, 'demoted to elder in the game'],
      ['2026-11-14T09:30:00.000Z', 'remove-role', R.co, 'demoted to elder in the game'],
    ]);
  }, 300_000);

  it('a 429 is waited out for its retry_after and the change applies once', async () => {
    k.discord.guild.members.get(U.bob)!.roles.delete(R.verified);
    const put = (r: StandInRequest) => r.method === 'PUT' && r.path.endsWith(`/members/${U.bob}/roles/${R.verified}`);
    k.discord.rateLimit(put, 0.25);
    const before = k.discord.requests.length;
    await k.w.driveUntil(T(58.25));
    expect(roles(U.bob)).toContain(R.verified);
    // the 429, then the same call after its retry_after
    expect(k.discord.requests.slice(before).filter(put)).toHaveLength(2);
    const rows = (await audit()).filter((a) => a.discord_user_id === U.bob && a.at > T(57.5).toISOString());
    expect(rows.map((a) => [a.kind, a.role_id, a.outcome])).toEqual([['add-role', R.verified, 'applied']]);
  }, 300_000);

  it('roles not in the rules are never touched', () => {
    for (const id of [...Object.values(U), OWNER_ID]) expect(roles(id)).toContain(R.booster);
    expect(k.discord.requests.filter((r) => r.path.includes(R.booster))).toEqual([]);
  });
});
