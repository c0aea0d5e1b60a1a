import type { BattleDay } from './types.js';

/**
 * Week layout, indexes and season ids (docs/clash-royale-api.md §7.1, §7.6, §7.7). All arithmetic is in
 * UTC and driven by the API's indexes; the reset clock (~09:30–10:00 UTC) never moves with DST.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;
export const WEEK_MS = 7 * DAY_MS;

/** Day within the week: 0–2 training (Mon–Wed), 3–6 battle days 1–4 (Thu–Sun). §7.1 */
export function dayOfWeekIndex(periodIndex: number): number {
  return ((periodIndex % 7) + 7) % 7;
}

export function battleDayOf(periodIndex: number): BattleDay | null {
  const d = dayOfWeekIndex(periodIndex);
  return d >= 3 ? ((d - 2) as BattleDay) : null;
}

export function isTrainingPeriod(periodIndex: number): boolean {
  return dayOfWeekIndex(periodIndex) <= 2;
}

/** periodIndex = 7·sectionIndex + d, with battle day k at d = k + 2. §7.1 */
export function periodIndexOf(sectionIndex: number, day: BattleDay): number {
  return 7 * sectionIndex + day + 2;
}

/** Humans count weeks from 1. §7.1 */
export function weekNumber(sectionIndex: number): number {
  return sectionIndex + 1;
}

/** §7.7: 128 = Jan 2026, one per month, named after the month of the season's first Monday. */
export function seasonIdForMonth(year: number, month: number): number {
  return 128 + 12 * (year - 2026) + (month - 1);
}

export function monthOfSeason(seasonId: number): { year: number; month: number } {
  const offset = seasonId - 128;
  const year = 2026 + Math.floor(offset / 12);
  return { year, month: offset - 12 * (year - 2026) + 1 };
}

/** UTC midnight of the first Monday of a month (a season starts on it, §7.1). */
export function firstMondayOfMonth(year: number, month: number): Date {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const toMonday = (8 - first.getUTCDay()) % 7;
  return new Date(first.getTime() + toMonday * DAY_MS);
}

/** UTC midnight of the season's first Monday. */
export function seasonStartDate(seasonId: number): Date {
  const { year, month } = monthOfSeason(seasonId);
  return firstMondayOfMonth(year, month);
}

/** UTC midnight of the calendar day on which a period starts (its reset falls on that day). */
export function periodStartDate(seasonId: number, periodIndex: number): Date {
  return new Date(seasonStartDate(seasonId).getTime() + periodIndex * DAY_MS);
}

/** A log item covers the week from the reset 7 days before `createdDate` up to it. §7.6 */
export function weekOfLogItem(createdDate: Date): { start: Date; end: Date } {
  return { start: new Date(createdDate.getTime() - WEEK_MS), end: createdDate };
}

/**
 * Colosseum is the season's last week, so it ends on the first Monday of a month (§7.1,
 * confirmed by the log: 131/3 ended 2026-05-04, 132/3 ended 2026-06-01). Needed because
 * `periodType` says `training` on colosseum week's first three days.
 */
export function isColosseumWeek(weekStart: Date): boolean {
  return new Date(weekStart.getTime() + WEEK_MS).getUTCDate() <= 7;
}

/** Season and week of the week starting at `weekStart`, from the first-Monday calendar. §7.7 */
export function seasonWeekOf(weekStart: Date): { seasonId: number; sectionIndex: number } {
  let year = weekStart.getUTCFullYear();
  let month = weekStart.getUTCMonth() + 1;
  let start = firstMondayOfMonth(year, month);
  const dayStart = Date.UTC(year, month - 1, weekStart.getUTCDate());
  if (dayStart < start.getTime()) {
    month -= 1;
    if (month === 0) [year, month] = [year - 1, 12];
    start = firstMondayOfMonth(year, month);
  }
  return { seasonId: seasonIdForMonth(year, month), sectionIndex: Math.round((dayStart - start.getTime()) / WEEK_MS) };
}

/**
 * The race that follows a finished log item: next section of the same season, or section 0
 * of the next season after a colosseum week (§7.6, §7.7). Gives the live race's season id,
 * which `currentriverrace` lacks.
 */
export function raceAfterLogItem(item: { seasonId: number; sectionIndex: number; createdDate: Date }): {
  seasonId: number;
  sectionIndex: number;
} {
  const { start } = weekOfLogItem(item.createdDate);
  return isColosseumWeek(start)
    ? { seasonId: item.seasonId + 1, sectionIndex: 0 }
    : { seasonId: item.seasonId, sectionIndex: item.sectionIndex + 1 };
}

/** Weeks in a season: from its first Monday to the next month's (4 or 5; the last is colosseum). */
export function weeksInSeason(seasonId: number): number {
  const { year, month } = monthOfSeason(seasonId);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return Math.round(
    (firstMondayOfMonth(next.year, next.month).getTime() - firstMondayOfMonth(year, month).getTime()) / WEEK_MS,
  );
}

/**
 * The season of a live race, which `currentriverrace` does not name (§7.7): the day the race
 * started is `periodIndex` days before the observation, and a season starts on a first Monday.
 * Rounding to the nearest Monday absorbs where the reset fell that day (about 09:20–10:15 UTC,
 * hours later after a maintenance break).
 */
export function seasonIdOfRace(takenAt: Date, periodIndex: number): number {
  const start = new Date(takenAt.getTime() - periodIndex * DAY_MS - 10 * 3_600_000);
  const midnight = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  const shift = [1, 0, -1, -2, -3, 3, 2][new Date(midnight).getUTCDay()]!; // to the nearest Monday
  const monday = new Date(midnight + shift * DAY_MS);
  return seasonIdForMonth(monday.getUTCFullYear(), monday.getUTCMonth() + 1);
}
