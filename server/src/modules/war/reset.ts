import { battleDayOf, dayOfWeekIndex } from './calendar.js';
import type { BattleDay } from './types.js';

/** A battle day that has ended, located relative to the week of the current period. */
export interface EndedBattleDay {
  day: BattleDay;
  /** true when the day belongs to the previous week (battle day 4, seen from Monday) */
  inPreviousWeek: boolean;
}

interface PeriodPosition {
  sectionIndex: number;
  periodIndex: number;
}

/**
 * The newest battle day that has ended before the current period: the period right before it,
 * when that was a battle day. Monday (d = 0) follows battle day 4 of the previous week;
 * Tuesday to Thursday follow training days, so no battle day has just ended (docs/war-tracking.md).
 */
export function battleDayEndedBefore(periodIndex: number): EndedBattleDay | null {
  const d = dayOfWeekIndex(periodIndex);
  if (d === 0) return { day: 4, inPreviousWeek: true };
  const previous = battleDayOf(periodIndex - 1);
  return previous === null ? null : { day: previous, inPreviousWeek: false };
}

/**
 * Reset detection between two consecutive polls: a change of period is the daily reset
 * (docs/clash-royale-api.md §7.2, "detect the actual rollover by watching periodIndex change"). Returns
 * the battle day that the reset closed, or null when nothing changed or a training day ended.
 */
export function battleDayEndedByReset(previous: PeriodPosition, current: PeriodPosition): EndedBattleDay | null {
  const sameDay = previous.sectionIndex === current.sectionIndex && previous.periodIndex === current.periodIndex;
  return sameDay ? null : battleDayEndedBefore(current.periodIndex);
}
