import { rand } from './random.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
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
  /** when this day started and ends: the true daily resets, maintenance delays included */
  start: Date;
  end: Date;
}

/** A maintenance break: the API answers 503 inMaintenance and the daily reset waits for its end. */
export interface Maintenance {
  from: number;
  to: number;
}

export interface CalendarOptions {
  /** share of days whose reset is delayed by a maintenance break (0 = never) */
  maintenanceRate?: number;
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

export function weeksInSeason(seasonId: number): number {
  return Math.round((firstMonday(seasonId + 1) - firstMonday(seasonId)) / WEEK);
}

/** The week before (seasonId, sectionIndex), crossing into the previous season when needed. */
export function previousWeek(seasonId: number, sectionIndex: number): { seasonId: number; sectionIndex: number } {
  if (sectionIndex > 0) return { seasonId, sectionIndex: sectionIndex - 1 };
  return { seasonId: seasonId - 1, sectionIndex: weeksInSeason(seasonId - 1) - 1 };
}

const EARLIEST_RESET = 9 * HOUR + 20 * MINUTE;
const LATEST_RESET = 10 * HOUR + 15 * MINUTE;

/**
 * When the game's day rolls over. Like the real API (docs/clash-royale-api.md §7.2) the time of day
 * differs per season and drifts per day inside 09:20–10:15 UTC, never with daylight saving; on a
 * few days a maintenance break holds the reset back past any polling window. A pure function of
 * the seed, so tests read the truth from it while the code under test only sees the API.
 */
export class SimCalendar {
  private readonly maintenanceRate: number;
  private readonly resetCache = new Map<number, number>();
  private readonly infoCache = new Map<string, PeriodInfo>();

  constructor(
    readonly seed: number,
    options: CalendarOptions = {},
  ) {
    this.maintenanceRate = options.maintenanceRate ?? 0;
  }

  /** The maintenance break on UTC day `day` (days since the epoch), if any. */
  maintenanceOn(day: number): Maintenance | null {
    if (this.maintenanceRate <= 0 || rand(this.seed, 'maintenance', day) >= this.maintenanceRate) return null;
    const nominal = this.nominalReset(day);
    const delay = (45 + Math.floor(rand(this.seed, 'maintenance-length', day) * 105)) * MINUTE;
    return { from: nominal - 10 * MINUTE, to: nominal + delay };
  }

  /** The break in progress at `t`, if any. */
  maintenanceAt(t: number): Maintenance | null {
    const m = this.maintenanceOn(Math.floor(t / DAY));
    return m && t >= m.from && t < m.to ? m : null;
  }

  /** The true reset on UTC day `day`: the nominal time, or the end of that day's maintenance. */
  resetOn(day: number): number {
    let at = this.resetCache.get(day);
    if (at === undefined) {
      at = this.maintenanceOn(day)?.to ?? this.nominalReset(day);
      this.resetCache.set(day, at);
    }
    return at;
  }

  private nominalReset(day: number): number {
    const season = this.seasonOfDay(day);
    const base = 9 * HOUR + 28 * MINUTE + Math.floor(rand(this.seed, 'reset-base', season) * 34 * MINUTE);
    const jitter = Math.floor((rand(this.seed, 'reset-jitter', day) * 21 - 8) * MINUTE);
    const offset = Math.min(LATEST_RESET, Math.max(EARLIEST_RESET, base + jitter));
    return day * DAY + Math.floor(offset / 1000) * 1000;
  }

  /** The season whose first Monday is on or before UTC day `day`. */
  private seasonOfDay(day: number): number {
    const d = new Date(day * DAY);
    let seasonId = seasonIdOf(d.getUTCFullYear(), d.getUTCMonth());
    if (day * DAY < firstMonday(seasonId)) seasonId -= 1;
    return seasonId;
  }

  periodStart(seasonId: number, periodIndex: number): number {
    return this.resetOn(firstMonday(seasonId) / DAY + periodIndex);
  }

  /** Calendar facts of one war day (memoised: the simulator asks for the same days very often). */
  periodInfo(seasonId: number, periodIndex: number): PeriodInfo {
    const key = `${seasonId}|${periodIndex}`;
    let info = this.infoCache.get(key);
    if (!info) {
      info = this.computePeriodInfo(seasonId, periodIndex);
      this.infoCache.set(key, info);
    }
    return info;
  }

  private computePeriodInfo(seasonId: number, periodIndex: number): PeriodInfo {
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
      start: new Date(this.periodStart(seasonId, periodIndex)),
      end: new Date(this.periodStart(seasonId, periodIndex + 1)),
    };
  }

  /** The war day that contains `at`. */
  periodAt(at: Date): PeriodInfo {
    const t = at.getTime();
    const today = Math.floor(t / DAY);
    const startDay = t >= this.resetOn(today) ? today : today - 1;
    const seasonId = this.seasonOfDay(startDay);
    return this.periodInfo(seasonId, startDay - firstMonday(seasonId) / DAY);
  }

  /** Start and end of a week (section). */
  weekBounds(seasonId: number, sectionIndex: number): { start: number; end: number } {
    return {
      start: this.periodStart(seasonId, 7 * sectionIndex),
      end: this.periodStart(seasonId, 7 * sectionIndex + 7),
    };
  }
}
