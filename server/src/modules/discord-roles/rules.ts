/** The in-game ranks, as the Clash Royale API names them (`role` of a clan member). */
export const RANKS = ['member', 'elder', 'coLeader', 'leader'] as const;
export type Rank = (typeof RANKS)[number];

export const RANK_WORDS: Record<Rank, string> = {
  member: 'member',
  elder: 'elder',
  coLeader: 'co-leader',
  leader: 'leader',
};

/** Discord's limit on a nickname, in characters. */
export const NICKNAME_MAX = 32;
export const DEFAULT_REMOVAL_DELAY_HOURS = 48;

/**
 * What ClanOps keeps true in the clan's Discord server (docs/decisions/160-discord-roles.md). A null
 * role id is not managed; only the role ids named here are ever added or removed.
 */
export interface RoleRules {
  enabled: boolean;
  /** any proven (verified or confirmed) link */
  verifiedRoleId: string | null;
  /** a proven link whose players are none in the family */
  guestRoleId: string | null;
  /** per family clan tag: its role and the short name `{clan}` stands for */
  clanRoles: Record<string, { roleId: string | null; alias: string }>;
  rankRoles: Record<Rank, string | null>;
  /** `{name}`, `{clan}`, `{role}`; null: nicknames are not managed */
  nicknameTemplate: string | null;
  /** a member who left the family keeps their roles this long */
  removalDelayHours: number;
}

export function emptyRules(): RoleRules {
  return {
    enabled: false,
    verifiedRoleId: null,
    guestRoleId: null,
    clanRoles: {},
    rankRoles: { member: null, elder: null, coLeader: null, leader: null },
    nicknameTemplate: null,
    removalDelayHours: DEFAULT_REMOVAL_DELAY_HOURS,
  };
}

/** Every role id the rules name: the only ones ever added or removed. */
export function managedRoleIds(rules: RoleRules): Set<string> {
  const ids = [
    rules.verifiedRoleId,
    rules.guestRoleId,
    ...Object.values(rules.clanRoles).map((c) => c.roleId),
    ...RANKS.map((r) => rules.rankRoles[r]),
  ];
  return new Set(ids.filter((id): id is string => Boolean(id)));
}

export function isRank(value: string): value is Rank {
  return (RANKS as readonly string[]).includes(value);
}
