import { approvedBetween } from '#server/modules/members/absences.repository';
import { excusesForDays } from '#server/modules/members/day-excuses';
import { coveredDates, utcDate, withExcuses } from '#server/modules/members/excused';
import type { WarDay } from './rules.js';

/** The handle the repositories take: a domain module reaches the database through them only. */
type DbHandle = Parameters<typeof approvedBetween>[0];

/** How far back the days-away rule looks for absences (a member away longer is flagged whatever they asked). */
const AWAY_LOOKBACK_MS = 120 * 86_400_000;

/** Stored battle days as they are shown now: excused by the absences approved at this moment (docs/war-tracking.md §5). */
export async function excusedDays(db: DbHandle, days: readonly WarDay[]): Promise<WarDay[]> {
  const excuses = await excusesForDays(db, days);
  return days.map((d) => ({ ...d, players: withExcuses(d.players, excuses(d)) }));
}

/** Each member's UTC dates an approved absence covers in the last months, for the days-away rule. */
export async function excusedDatesUntil(db: DbHandle, now: Date): Promise<Map<string, Set<string>>> {
  const from = utcDate(new Date(now.getTime() - AWAY_LOOKBACK_MS));
  const to = utcDate(now);
  return coveredDates(await approvedBetween(db, from, to), from, to);
}
