import { describe, expect, it } from 'vitest';
import { diffMember } from '#server/modules/discord-roles/diff';
import { renderNickname } from '#server/modules/discord-roles/nickname';
import { emptyRules, managedRoleIds, type RoleRules } from '#server/modules/discord-roles/rules';
import { computeWanted, type LinkFact, type PlayerFact } from '#server/modules/discord-roles/wanted';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const U = '500000000000000001';
const rules: RoleRules = {
  ...emptyRules(),
  enabled: true,
  verifiedRoleId: 'R-verified',
  guestRoleId: 'R-guest',
  clanRoles: { '#MAIN': { roleId: 'R-main', alias: 'Main' }, '#FEED': { roleId: 'R-feed', alias: 'Feeder' } },
  rankRoles: { member: 'R-member', elder: 'R-elder', coLeader: 'R-co', leader: null },
  nicknameTemplate: '{name} | {clan} {role}',
};
const managed = managedRoleIds(rules);

const player = (over: Partial<PlayerFact> = {}): PlayerFact => ({
  tag: '#P1',
  name: 'Alice',
  clanTag: '#MAIN',
  rank: 'member',
  inFamily: true,
  lastSeenAt: '2026-11-28T11:00:00.000Z',
  ...over,
});
const wantedFor = (links: LinkFact[], players: PlayerFact[], optedOut: string[] = []) =>
  computeWanted(rules, {
    links,
    players: new Map(players.map((p) => [p.tag, p])),
    optedOut: new Set(optedOut),
    now: NOW,
  });
const link = (status: string, playerTag = '#P1'): LinkFact => ({ discordUserId: U, playerTag, status });

describe('Discord roles: what each linked member should have', () => {
  it('a verified link in the main clan wants verified, clan and rank roles and the nickname', () => {
    const w = wantedFor([link('verified')], [player({ rank: 'elder', rankChange: 'promoted' })]).get(U)!;
    expect([...w.roles]).toEqual([
      ['R-verified', 'verified link to #P1'],
      ['R-main', 'member of Main'],
      ['R-elder', 'promoted to elder in the game'],
    ]);
    expect(w.nickname).toBe('Alice | Main elder');
  });

  it('a bare claim gives nothing, and roles it has come off with the reason', () => {
    const w = wantedFor([link('claimed')], [player()]).get(U)!;
    expect(w.roles.size).toBe(0);
    expect(w.nickname).toBeNull();
    const changes = diffMember(rules, managed, w, { roles: ['R-verified', 'other'], nick: 'x' }, NOW);
    expect(changes).toEqual([
      {
        discordUserId: U,
        kind: 'remove-role',
        roleId: 'R-verified',
        reason: 'no proven link (unlinked, or only claimed)',
      },
    ]);
  });

  it('a confirmed link outside the family is a guest, with no nickname managed', () => {
    const w = wantedFor([link('confirmed')], []).get(U)!;
    expect([...w.roles.keys()]).toEqual(['R-verified', 'R-guest']);
    expect(w.nickname).toBeNull();
  });

  it('within the removal delay a leaver keeps clan and rank roles; after it they come off, named', () => {
    const kept = wantedFor([link('verified')], [player({ inFamily: false, lastSeenAt: '2026-11-26T13:00:00.000Z' })]);
    // 47 h ago: still within 48 h
    expect([...kept.get(U)!.roles.values()]).toEqual([
      'verified link to #P1',
      'member of Main (kept: left the family 47 h ago)',
      'member in the game (kept: left the family 47 h ago)',
    ]);
    const gone = wantedFor([link('verified')], [player({ inFamily: false, lastSeenAt: '2026-11-26T12:00:00.000Z' })]);
    // exactly 48 h: out, a guest now
    const changes = diffMember(
      rules,
      managed,
      gone.get(U)!,
      { roles: ['R-verified', 'R-main', 'R-member'], nick: null },
      NOW,
    );
    expect(changes).toEqual([
      { discordUserId: U, kind: 'add-role', roleId: 'R-guest', reason: 'proven link, not in the family' },
      { discordUserId: U, kind: 'remove-role', roleId: 'R-main', reason: 'left the family 48 h ago' },
      { discordUserId: U, kind: 'remove-role', roleId: 'R-member', reason: 'left the family 48 h ago' },
    ]);
  });

  it('a move adds the new clan role before removing the old one; a promotion swaps rank roles', () => {
    const w = wantedFor([link('verified')], [player({ clanTag: '#FEED', rank: 'elder', rankChange: 'promoted' })]).get(
      U,
    )!;
    const changes = diffMember(
      rules,
      managed,
      w,
      { roles: ['R-verified', 'R-main', 'R-member'], nick: 'Alice | Main member' },
      NOW,
    );
    expect(changes).toEqual([
      { discordUserId: U, kind: 'add-role', roleId: 'R-feed', reason: 'member of Feeder' },
      { discordUserId: U, kind: 'add-role', roleId: 'R-elder', reason: 'promoted to elder in the game' },
      { discordUserId: U, kind: 'remove-role', roleId: 'R-main', reason: 'moved to Feeder' },
      { discordUserId: U, kind: 'remove-role', roleId: 'R-member', reason: 'promoted to elder in the game' },
      { discordUserId: U, kind: 'set-nick', nick: 'Alice | Feeder elder', reason: 'nickname template' },
    ]);
  });

  it('roles not named in the rules are never touched, and nothing changes when all is true', () => {
    const w = wantedFor([link('verified')], [player()]).get(U)!;
    const actual = { roles: ['R-verified', 'R-main', 'R-member', 'Booster', 'Artist'], nick: 'Alice | Main member' };
    expect(diffMember(rules, managed, w, actual, NOW)).toEqual([]);
  });

  it('an opted-out member keeps their own nickname; alts give the union, the nickname follows the highest rank', () => {
    const alt = player({ tag: '#P2', name: 'AliceAlt', clanTag: '#FEED', rank: 'coLeader' });
    const w = wantedFor([link('verified'), link('confirmed', '#P2')], [player(), alt]).get(U)!;
    expect([...w.roles.keys()].sort()).toEqual(['R-co', 'R-feed', 'R-main', 'R-member', 'R-verified']);
    expect(w.nickname).toBe('AliceAlt | Feeder co-leader');
    expect(wantedFor([link('verified')], [player()], [U]).get(U)!.nickname).toBeNull();
  });

  it('a demotion names itself', () => {
    const w = wantedFor([link('verified')], [player({ rank: 'member', rankChange: 'demoted' })]).get(U)!;
    const changes = diffMember(rules, managed, w, { roles: ['R-verified', 'R-main', 'R-co'], nick: null }, NOW);
    expect(changes.map((c) => c.reason)).toEqual([
      'demoted to member in the game',
      'demoted to member in the game',
      'nickname template',
    ]);
  });
});

describe('Discord roles: nickname template', () => {
  const parts = { name: 'Alice', clan: 'Main', role: 'elder' };
  it('fills the placeholders and tidies spaces', () => {
    expect(renderNickname('{name}  [{clan}]', parts)).toBe('Alice [Main]');
    expect(renderNickname('{role} {name}', { ...parts, role: 'co-leader' })).toBe('co-leader Alice');
  });
  it('keeps within 32 characters by shortening the name first', () => {
    const long = { ...parts, name: 'AVeryLongPlayerNameThatGoesOnAndOn' }; // 34
    const nick = renderNickname('{name} | {clan}', long);
    // 34 + 7 (' | Main') = 41, 9 over: the name keeps its first 25 characters
    expect(nick).toBe('AVeryLongPlayerNameThatGo | Main');
    expect([...nick].length).toBeLessThanOrEqual(32);
    expect(nick.endsWith(' | Main')).toBe(true);
  });
  it('cuts the whole when the name alone cannot make room, never splitting an emoji', () => {
    const nick = renderNickname('{clan}', { ...parts, clan: '🔥'.repeat(40) });
    expect([...nick].length).toBe(32);
    expect(nick).toBe('🔥'.repeat(32));
  });
});
