import type { Member } from '#contracts/public';

/** docs/product.md §9: ranked league names by league number (the current 7-league scheme, docs/clash-royale-api.md §8). */
export const LEAGUE_NAMES: Record<number, string> = {
  1: 'Master I',
  2: 'Master II',
  3: 'Master III',
  4: 'Champion',
  5: 'Grand Champion',
  6: 'Royal Champion',
  7: 'Ultimate Champion',
};

export const RANKED_TROPHY_THRESHOLD = 5000;

export type RankedTier = 'league' | 'unranked' | 'ranked' | 'ladder';

export interface RankedStatus {
  label: string;
  tier: RankedTier;
}

type RankedFields = Pick<Member, 'polLeagueNumber' | 'polTrophies' | 'trophies'>;

/**
 * docs/decisions/005-ranked-status.md: a league number 1–7 shows its league name; any other
 * league number shows "Unranked"; no league at all (null or 0) shows "Ranked" at 5000+
 * trophies, else "Ladder".
 */
export function rankedStatus(member: RankedFields): RankedStatus {
  const league = member.polLeagueNumber;
  if (league) {
    const name = LEAGUE_NAMES[league];
    return name ? { label: name, tier: 'league' } : { label: 'Unranked', tier: 'unranked' };
  }
  return (member.trophies ?? 0) >= RANKED_TROPHY_THRESHOLD
    ? { label: 'Ranked', tier: 'ranked' }
    : { label: 'Ladder', tier: 'ladder' };
}

/** docs/product.md §9 sort key: league number × 10000 + polTrophies + trophies (missing values count 0). */
export function rankedScore(member: RankedFields): number {
  return (member.polLeagueNumber ?? 0) * 10000 + (member.polTrophies ?? 0) + (member.trophies ?? 0);
}
