import { rand } from './random.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export type PeriodType = 'training' | 'warDay' | 'colosseum';

export interface PeriodInfo {
  seasonId: number;
  sectionIndex: number;
  periodIndex: number;
  /** day within the week: 0-2 training, 3-6 battle days (docs/clash-royale-api.md §7.1) */
  dayOfWeek: number;
  periodType: PeriodType;
  isColosseumWeek: boolean;
  weeksInSeason: number;
  /** when this day started and ends (the daily reset) */
  start: Date;
  end: Date;
}

/** seasonId = 128 + 12·(year − 2026) + (month − 1) (docs/clash-royale-api.md §7.7). */
export function seasonIdOf(year: number, month0: number): number {
  return 128 + 12 * (year - 2026) + month0;
}

export function seasonMonth(seasonId: number): { year: number; month0: number } {
  const offset = seasonId - 128;
  const year = 2026 + Math.floor(offset / 12);
  return { year, month0: offset - 12 * (year - 2026) };
}

/** Midnight UTC of the first Monday of the season's month (§7.1). */
export function firstMonday(seasonId: number): number {
  const { year, month0 } = seasonMonth(seasonId);
  const first = Date.UTC(year, month0, 1);
  const weekday = new Date(first).getUTCDay();
  return first + ((8 - weekday) % 7) * DAY;
}

/** The season's daily reset, between 09:30 and 10:00 UTC, stable for the season (§7.2). */
export function resetOffsetMs(seed: number, seasonId: number): number {
  return 9.5 * HOUR + Math.floor(rand(seed, 'reset', seasonId) * 1800) * 1000;
}

/** The first day of a season opens at the previous season's last close (as in the recorded logs). */
export function seasonStart(seed: number, seasonId: number): number {
  return firstMonday(seasonId) + resetOffsetMs(seed, seasonId - 1);
}

export function weeksInSeason(seasonId: number): number {
  return Math.round((firstMonday(seasonId + 1) - firstMonday(seasonId)) / WEEK);
}

export function periodStart(seed: number, seasonId: number, periodIndex: number): number {
  if (periodIndex <= 0) return seasonStart(seed, seasonId);
  if (periodIndex >= 7 * weeksInSeason(seasonId)) return seasonStart(seed, seasonId + 1);
  return firstMonday(seasonId) + periodIndex * DAY + resetOffsetMs(seed, seasonId);
}

const infoCache = new Map<string, PeriodInfo>();

/** Calendar facts of one war day (memoised: the simulator asks for the same days very often). */
export function periodInfo(seed: number, seasonId: number, periodIndex: number): PeriodInfo {
  const key = `${seed}|${seasonId}|${periodIndex}`;
  let info = infoCache.get(key);
  if (!info) {
    info = computePeriodInfo(seed, seasonId, periodIndex);
    infoCache.set(key, info);
  }
  return info;
}

function computePeriodInfo(seed: number, seasonId: number, periodIndex: number): PeriodInfo {
  const weeks = weeksInSeason(seasonId);
  const sectionIndex = Math.floor(periodIndex / 7);
  const dayOfWeek = periodIndex % 7;
  const isColosseumWeek = sectionIndex === weeks - 1;
  const periodType: PeriodType = dayOfWeek < 3 ? 'training' : isColosseumWeek ? 'colosseum' : 'warDay';
  return {
    seasonId,
    sectionIndex,
    periodIndex,
    dayOfWeek,
    periodType,
    isColosseumWeek,
    weeksInSeason: weeks,
    start: new Date(periodStart(seed, seasonId, periodIndex)),
    end: new Date(periodStart(seed, seasonId, periodIndex + 1)),
  };
}

/** The war day that contains `at`. */
export function periodAt(seed: number, at: Date): PeriodInfo {
  const t = at.getTime();
  const d = new Date(t);
  let seasonId = seasonIdOf(d.getUTCFullYear(), d.getUTCMonth());
  if (t < seasonStart(seed, seasonId)) seasonId--;
  const days = Math.floor((t - firstMonday(seasonId) - resetOffsetMs(seed, seasonId)) / DAY);
  const periodIndex = Math.min(Math.max(days, 0), 7 * weeksInSeason(seasonId) - 1);
  return periodInfo(seed, seasonId, periodIndex);
}

/** Start and end of a week (section). */
export function weekBounds(seed: number, seasonId: number, sectionIndex: number): { start: number; end: number } {
  return {
    start: periodStart(seed, seasonId, 7 * sectionIndex),
    end: periodStart(seed, seasonId, 7 * sectionIndex + 7),
  };
}

/** The week before (seasonId, sectionIndex), crossing into the previous season when needed. */
export function previousWeek(seasonId: number, sectionIndex: number): { seasonId: number; sectionIndex: number } {
  if (sectionIndex > 0) return { seasonId, sectionIndex: sectionIndex - 1 };
  return { seasonId: seasonId - 1, sectionIndex: weeksInSeason(seasonId - 1) - 1 };
}
