import { periodStartDate } from '../war/calendar.js';
import { positionOfDay, type BattleDayKey } from '../war/war-days.js';
import { approvedBetween } from './absences.repository.js';
import { excusesOn, utcDate, type Excuse } from './excused.js';

/** The handle the repositories take: a domain module reaches the database through them only. */
type DbHandle = Parameters<typeof approvedBetween>[0];

/** The UTC date a battle day's reset fell on: the date an absence must cover (docs/decisions/081-excused-absences.md). */
export function resetDateOf(key: BattleDayKey): string {
  return utcDate(periodStartDate(key.seasonId, positionOfDay(key).periodIndex));
}

/** The excuses of these battle days as the approved absences stand now, by day and player. */
export async function excusesForDays(
  db: DbHandle,
  keys: readonly BattleDayKey[],
): Promise<(key: BattleDayKey) => ReadonlyMap<string, Excuse>> {
  if (keys.length === 0) return () => new Map();
  const dates = keys.map(resetDateOf).sort();
  const absences = await approvedBetween(db, dates[0]!, dates.at(-1)!);
  const byDate = new Map(dates.map((d) => [d, excusesOn(absences, d)]));
  return (key) => byDate.get(resetDateOf(key)) ?? new Map();
}
