import type { FamilySiteClan } from '#contracts/family-site';

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** The race line of a card: the clan's place this week, or why there is none. */
export function raceText(race: FamilySiteClan['race']): string {
  if (!race) return 'Not available';
  if (race.rank === null) return race.periodType === 'training' ? 'Training days' : 'Not ranked yet';
  return `${ordinal(race.rank)} of ${race.clansInRace}`;
}

/** The URL path of a clan's page: `/clans/{tag without #}`. */
export const clanPagePath = (tag: string) => `/clans/${encodeURIComponent(tag.replace(/^#/, ''))}`;
