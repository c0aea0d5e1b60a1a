import { renderNickname } from './nickname.js';
import { RANK_WORDS, RANKS, type Rank, type RoleRules } from './rules.js';

/** A link as stored: only 'verified' and 'confirmed' are proven; a bare claim gives nothing. */
export interface LinkFact {
  discordUserId: string;
  playerTag: string;
  status: string;
}

/** A linked player's place in the family: the clan and rank now, or the last ones before they left. */
export interface PlayerFact {
  tag: string;
  name: string;
  clanTag: string;
  rank: Rank;
  /** in a family clan's roster now */
  inFamily: boolean;
  /** last seen in a family roster (ISO); for a player in the family, the last poll */
  lastSeenAt: string;
  /** the newest rank change the polls logged, for the audit's reason */
  rankChange?: 'promoted' | 'demoted' | null;
}

export interface Wanted {
  discordUserId: string;
  /** managed role id → why it is wanted */
  roles: Map<string, string>;
  /** null: the nickname is left as it is */
  nickname: string | null;
  /** why the roles that are not wanted are not (for removals) */
  why: { inFamily: PlayerFact[]; kept: PlayerFact[]; left: PlayerFact[]; proven: boolean };
}

const HOUR = 3_600_000;
export const PROVEN = new Set(['verified', 'confirmed']);

/** Whole hours, for "left the family 48 h ago". */
export function hoursSince(iso: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / HOUR));
}

/**
 * The managed roles and nickname each Discord user with a link should have
 * (docs/decisions/160-discord-roles.md). A player who left the family within the removal delay
 * counts as still in their last clan with their last rank; one who left longer ago counts as out.
 */
export function computeWanted(
  rules: RoleRules,
  facts: { links: LinkFact[]; players: Map<string, PlayerFact>; optedOut: Set<string>; now: Date },
): Map<string, Wanted> {
  const byUser = new Map<string, LinkFact[]>();
  for (const link of facts.links) byUser.set(link.discordUserId, [...(byUser.get(link.discordUserId) ?? []), link]);
  const out = new Map<string, Wanted>();
  for (const [userId, links] of byUser) {
    const proven = links.filter((l) => PROVEN.has(l.status)).sort((a, b) => a.playerTag.localeCompare(b.playerTag));
    const players = proven.map((l) => facts.players.get(l.playerTag)).filter((p): p is PlayerFact => Boolean(p));
    const inFamily = players.filter((p) => p.inFamily);
    const withinDelay = (p: PlayerFact) =>
      facts.now.getTime() - Date.parse(p.lastSeenAt) < rules.removalDelayHours * HOUR;
    const kept = players.filter((p) => !p.inFamily && withinDelay(p));
    const left = players.filter((p) => !p.inFamily && !withinDelay(p));
    const roles = new Map<string, string>();
    const add = (id: string | null | undefined, reason: string) => {
      if (id && !roles.has(id)) roles.set(id, reason);
    };
    if (proven.length > 0) add(rules.verifiedRoleId, `${proven[0]!.status} link to ${proven[0]!.playerTag}`);
    for (const p of [...inFamily, ...kept]) {
      const alias = clanName(rules, p.clanTag);
      const keptNote = p.inFamily ? '' : ` (kept: left the family ${hoursSince(p.lastSeenAt, facts.now)} h ago)`;
      add(rules.clanRoles[p.clanTag]?.roleId, `member of ${alias}${keptNote}`);
      const rankWhy =
        p.rankChange === 'promoted'
          ? `promoted to ${RANK_WORDS[p.rank]} in the game`
          : p.rankChange === 'demoted'
            ? `demoted to ${RANK_WORDS[p.rank]} in the game`
            : `${RANK_WORDS[p.rank]} in the game`;
      add(rules.rankRoles[p.rank], `${rankWhy}${keptNote}`);
    }
    if (proven.length > 0 && inFamily.length === 0 && kept.length === 0) {
      add(rules.guestRoleId, 'proven link, not in the family');
    }
    const main = pickMain([...inFamily, ...kept]);
    const nickname =
      rules.nicknameTemplate && main && !facts.optedOut.has(userId)
        ? renderNickname(rules.nicknameTemplate, {
            name: main.name,
            clan: clanName(rules, main.clanTag),
            role: RANK_WORDS[main.rank],
          })
        : null;
    out.set(userId, {
      discordUserId: userId,
      roles,
      nickname,
      why: { inFamily, kept, left, proven: proven.length > 0 },
    });
  }
  return out;
}

export function clanName(rules: RoleRules, clanTag: string): string {
  return rules.clanRoles[clanTag]?.alias || clanTag;
}

/** The player a nickname follows: in the family first, then the highest rank, then the tag. */
function pickMain(players: PlayerFact[]): PlayerFact | null {
  const order = (p: PlayerFact) => (p.inFamily ? 0 : 10) + (RANKS.length - 1 - RANKS.indexOf(p.rank));
  return [...players].sort((a, b) => order(a) - order(b) || a.tag.localeCompare(b.tag))[0] ?? null;
}
