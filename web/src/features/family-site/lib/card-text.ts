import type { FamilySiteClan } from '#contracts/family-site';
import { ordinal, placeText } from '#contracts/race-projection-text';

export { ordinal };

/** The race line of a card: the clan's place this week, or why there is none. */
export function raceText(race: FamilySiteClan['race']): string {
  if (!race) return 'Not available';
  if (race.rank === null) return race.periodType === 'training' ? 'Training days' : 'Not ranked yet';
  return `${ordinal(race.rank)} of ${race.clansInRace}`;
}

/** The projection line of a card (docs/war-tracking.md "Where the race will end"): its projected places. */
export function projectionText(projection: FamilySiteClan['projection']): string {
  if (!projection) return 'Projected on battle days';
  if (projection.finished) return 'Over the finish line';
  const finish = projection.finish ? ` · crosses at day ${projection.finish.day}'s close` : '';
  return `Projected ${placeText(projection.place)}${finish}`;
}

/** The URL path of a clan's page: `/clans/{tag without #}`. */
export const clanPagePath = (tag: string) => `/clans/${encodeURIComponent(tag.replace(/^#/, ''))}`;
