import type { Member, MemberRole } from '#contracts/public';
import type { ClanMemberData, PlayerData, ProgressEntry } from './clan-source.js';

/** API roles (member|elder|coLeader|leader, docs/clash-royale-api.md §6.1) to the site's four. */
export function normaliseRole(role: string): MemberRole {
  const r = role.toLowerCase();
  if (r === 'leader') return 'leader';
  if (r === 'coleader') return 'coleader';
  if (r === 'elder') return 'elder';
  return 'member';
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * Sort key of a Merge Tactics bucket (docs/clash-royale-api.md §9): `AutoChess_2026_Mar` (month naming)
 * came before `AutoChess_2026_Season_9` (season naming), so within a year a season key is newer
 * than any month key. Returns null for keys that are not Merge Tactics.
 */
export function mergeTacticsKeyRank(key: string, entry?: ProgressEntry): number | null {
  const source = key.startsWith('AutoChess')
    ? key
    : key === '' && entry?.arena?.rawName?.startsWith('AutoChess')
      ? entry.arena.rawName
      : null;
  if (source === null) return null;
  const season = /_(\d{4})_Season_(\d+)/i.exec(source);
  if (season) return Number(season[1]) * 1000 + 100 + Number(season[2]);
  const month = /_(\d{4})_([A-Za-z]{3})/.exec(source);
  if (month) {
    const index = MONTHS.indexOf(month[2]!.toLowerCase());
    return Number(month[1]) * 1000 + (index >= 0 ? index + 1 : 0);
  }
  return 0;
}

/** The newest Merge Tactics bucket, chosen by parsing its key, not by position. */
export function currentMergeTactics(
  progress: Record<string, ProgressEntry>,
): { score: number; arena: string | null } | null {
  let best: { rank: number; entry: ProgressEntry } | null = null;
  for (const [key, entry] of Object.entries(progress)) {
    const rank = mergeTacticsKeyRank(key, entry);
    if (rank !== null && (best === null || rank > best.rank)) best = { rank, entry };
  }
  return best ? { score: best.entry.trophies, arena: best.entry.arena?.name ?? null } : null;
}

/** One row of /api/clan/members: roster fields always, profile fields null when the profile failed. */
export function toMember(roster: ClanMemberData, profile: PlayerData | null): Member {
  const ranked = profile?.currentPathOfLegendSeasonResult ?? null;
  const merge = profile ? currentMergeTactics(profile.progress) : null;
  return {
    playerTag: roster.tag,
    name: roster.name,
    role: normaliseRole(roster.role),
    trophies: profile?.trophies ?? roster.trophies,
    bestTrophies: profile?.bestTrophies ?? null,
    polLeagueNumber: ranked?.leagueNumber ?? null,
    polTrophies: ranked?.trophies ?? null,
    mergeTacticsScore: merge?.score ?? null,
    mergeTacticsArena: merge?.arena ?? null,
    donations: roster.donations,
    wins: profile?.wins ?? null,
    losses: profile?.losses ?? null,
    // The roster's expLevel is 0 since mid-2026 (docs/clash-royale-api.md §6.1): only the profile counts.
    expLevel: profile?.expLevel ?? null,
  };
}
