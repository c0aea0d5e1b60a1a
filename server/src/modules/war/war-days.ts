import { battleDayOf, periodIndexOf, weeksInSeason } from './calendar.js';
import type { BattleDay } from './types.js';

/**
 * Where a race stands, in the API's own indexes (docs/war-tracking.md "Resets"): the season,
 * the week within it and the day within the season. Two observations are ordered by
 * (seasonId, periodIndex); a later position means at least one daily reset happened between
 * them. Nothing here reads a clock.
 */
export interface RacePosition {
  seasonId: number;
  sectionIndex: number;
  periodIndex: number;
}

/** One battle day of one war week. */
export interface BattleDayKey {
  seasonId: number;
  sectionIndex: number;
  day: BattleDay;
}

export function comparePositions(a: RacePosition, b: RacePosition): number {
  return a.seasonId - b.seasonId || a.periodIndex - b.periodIndex;
}

export function positionOfDay(key: BattleDayKey): RacePosition {
  return {
    seasonId: key.seasonId,
    sectionIndex: key.sectionIndex,
    periodIndex: periodIndexOf(key.sectionIndex, key.day),
  };
}

export function compareDays(a: BattleDayKey, b: BattleDayKey): number {
  return comparePositions(positionOfDay(a), positionOfDay(b));
}

/** "137/2/3": season 137, week index 2, battle day 3. */
export function dayKeyText(key: BattleDayKey): string {
  return `${key.seasonId}/${key.sectionIndex}/${key.day}`;
}

export function sameDay(a: BattleDayKey, b: BattleDayKey): boolean {
  return a.seasonId === b.seasonId && a.sectionIndex === b.sectionIndex && a.day === b.day;
}

/** The week before: the previous section, or the last (colosseum) week of the previous season. */
export function previousWeek(seasonId: number, sectionIndex: number): { seasonId: number; sectionIndex: number } {
  return sectionIndex > 0
    ? { seasonId, sectionIndex: sectionIndex - 1 }
    : { seasonId: seasonId - 1, sectionIndex: weeksInSeason(seasonId - 1) - 1 };
}

/** The battle day before `key`: the previous day of the week, or day 4 of the week before. */
export function previousBattleDay(key: BattleDayKey): BattleDayKey {
  if (key.day > 1) return { ...key, day: (key.day - 1) as BattleDay };
  return { ...previousWeek(key.seasonId, key.sectionIndex), day: 4 };
}

/** The newest battle day that ended before `position` (training days and day 1 look back a week). */
export function lastEndedBattleDay(position: RacePosition): BattleDayKey {
  const today = battleDayOf(position.periodIndex);
  if (today !== null && today > 1) return weekDay(position, (today - 1) as BattleDay);
  return { ...previousWeek(position.seasonId, position.sectionIndex), day: 4 };
}

function weekDay(position: RacePosition, day: BattleDay): BattleDayKey {
  return { seasonId: position.seasonId, sectionIndex: position.sectionIndex, day };
}

/** The battle day closed by the reset that started `position`, or null after a training day. */
export function dayClosedAt(position: RacePosition): BattleDayKey | null {
  const d = position.periodIndex - 7 * position.sectionIndex;
  if (d === 0) return { ...previousWeek(position.seasonId, position.sectionIndex), day: 4 };
  const previous = battleDayOf(position.periodIndex - 1);
  return previous === null ? null : weekDay(position, previous);
}

/**
 * The first battle day a tracker that started at `position` can report: the day whose end it
 * saw (start-of-day totals of the next day make it exact), or day 1 of a week it saw begin.
 */
export function firstTrackedDay(position: RacePosition): BattleDayKey {
  const d = position.periodIndex - 7 * position.sectionIndex;
  if (d === 0) return { ...previousWeek(position.seasonId, position.sectionIndex), day: 4 };
  return weekDay(position, (d <= 3 ? 1 : d - 3) as BattleDay);
}

/** True when `key` ended before `position` (its closing reset has happened). */
export function hasEnded(key: BattleDayKey, position: RacePosition): boolean {
  return comparePositions(positionOfDay(key), position) < 0;
}

/**
 * Battle days from `first` on that ended before `current`, oldest first, at most `limit` (the
 * newest): the days a run may still owe a report for. Walks back day by day, so week and season
 * edges (a colosseum week closing into week 0 of the next season) follow the API's own indexes.
 */
export function battleDaysEndedSince(first: BattleDayKey, current: RacePosition, limit = 8): BattleDayKey[] {
  const days: BattleDayKey[] = [];
  let key: BattleDayKey = lastEndedBattleDay(current);
  while (days.length < limit && compareDays(key, first) >= 0) {
    days.push(key);
    key = previousBattleDay(key);
  }
  return days.reverse();
}
