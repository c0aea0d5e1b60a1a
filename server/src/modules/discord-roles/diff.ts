import { clanName, hoursSince, type Wanted } from './wanted.js';
import { RANK_WORDS, RANKS, type RoleRules } from './rules.js';

/** What Discord has for a member now (GET /guilds/{g}/members/{u}); null: not in the server. */
export interface DiscordMemberState {
  roles: string[];
  nick: string | null;
}

export type RoleChange =
  | { discordUserId: string; kind: 'add-role'; roleId: string; reason: string }
  | { discordUserId: string; kind: 'remove-role'; roleId: string; reason: string }
  | { discordUserId: string; kind: 'set-nick'; nick: string; reason: string };

/**
 * The changes that make Discord match `wanted`: adds first, then removals (a move between clans
 * gains the new clan's role before losing the old one), then the nickname. Only `managed` roles
 * are ever added or removed; every other role the member has is left alone.
 */
export function diffMember(
  rules: RoleRules,
  managed: Set<string>,
  wanted: Wanted,
  actual: DiscordMemberState,
  now: Date,
): RoleChange[] {
  const userId = wanted.discordUserId;
  const has = new Set(actual.roles);
  const changes: RoleChange[] = [];
  for (const [roleId, reason] of wanted.roles) {
    if (managed.has(roleId) && !has.has(roleId))
      changes.push({ discordUserId: userId, kind: 'add-role', roleId, reason });
  }
  for (const roleId of actual.roles) {
    if (!managed.has(roleId) || wanted.roles.has(roleId)) continue;
    changes.push({
      discordUserId: userId,
      kind: 'remove-role',
      roleId,
      reason: removalReason(rules, wanted, roleId, now),
    });
  }
  if (wanted.nickname !== null && wanted.nickname !== actual.nick) {
    changes.push({ discordUserId: userId, kind: 'set-nick', nick: wanted.nickname, reason: 'nickname template' });
  }
  return changes;
}

/** Why a managed role the member has is no longer wanted, in the admin's words. */
export function removalReason(rules: RoleRules, wanted: Wanted, roleId: string, now: Date): string {
  const { inFamily, kept, left, proven } = wanted.why;
  if (!proven) return 'no proven link (unlinked, or only claimed)';
  if (roleId === rules.verifiedRoleId) return 'no proven link';
  if (roleId === rules.guestRoleId) {
    const p = inFamily[0] ?? kept[0];
    return p ? `joined the family (${clanName(rules, p.clanTag)})` : 'not a guest';
  }
  const here = [...inFamily, ...kept];
  const clanTag = Object.entries(rules.clanRoles).find(([, c]) => c.roleId === roleId)?.[0];
  if (clanTag !== undefined) {
    const elsewhere = inFamily.find((p) => p.clanTag !== clanTag);
    if (elsewhere) return `moved to ${clanName(rules, elsewhere.clanTag)}`;
  }
  const rank = RANKS.find((r) => rules.rankRoles[r] === roleId);
  if (rank !== undefined && here.length > 0) {
    const now0 = here[0]!;
    const lower = RANKS.indexOf(now0.rank) < RANKS.indexOf(rank);
    return `${lower ? 'demoted' : 'promoted'} to ${RANK_WORDS[now0.rank]} in the game`;
  }
  const gone = [...left].sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt))[0];
  if (gone) return `left the family ${hoursSince(gone.lastSeenAt, now)} h ago`;
  return 'not in the family';
}
