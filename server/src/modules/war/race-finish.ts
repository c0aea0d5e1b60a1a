import { FINISH_LINE } from '../../lib/river-race-rules.js';
import { periodIndexOf } from './calendar.js';
import type { BattleDay, PeriodLog, RiverRaceLogWeek } from './types.js';

const DAY_MS = 86_400_000;

/**
 * Had the clan crossed the finish line before battle day `day` began (docs/war-tracking.md
 * "Days after the finish line")? The clan's own closed-day log answers it: the boat ends a day
 * at 10,000 or more from the close it crossed at on (docs/clash-royale-api.md §7.4), and the log
 * of every earlier day of the week is in any snapshot taken during the day. Without those days,
 * the week's log item says at which close the clan crossed: `finishTime` is written a few
 * seconds before that close, so it is counted in whole days back from the week's end, never
 * compared with `createdDate` to the second (a finish at the close of day 4 comes two seconds
 * before `createdDate` and day 4 was played).
 */
export function finishedBeforeDay(
  sectionIndex: number,
  day: BattleDay,
  dayLogs: readonly PeriodLog[],
  logWeek: Pick<RiverRaceLogWeek, 'createdDate' | 'finishTime'> | null,
): boolean {
  const earlier = ([1, 2, 3] as const).filter((d) => d < day).map((d) => periodIndexOf(sectionIndex, d));
  const seen = earlier.map((p) => dayLogs.find((l) => l.periodIndex === p && l.progressEndOfDay !== undefined));
  if (seen.some((l) => l !== undefined && l.progressEndOfDay! >= FINISH_LINE)) return true;
  // Snapshots stored before the boat was kept still show the days after a finish: rank −1, no points.
  if (dayLogs.some((l) => earlier.includes(l.periodIndex) && l.endOfDayRank < 0 && l.pointsEarned === 0)) return true;
  if (seen.every((l) => l !== undefined)) return false;
  const crossed = logWeek ? closeCrossedAt(logWeek) : null;
  return crossed !== null && crossed < day;
}

/** The battle day (1–4) at whose close the clan crossed, from the week's log item; null if it did not. */
export function closeCrossedAt(week: Pick<RiverRaceLogWeek, 'createdDate' | 'finishTime'>): BattleDay | null {
  if (!week.finishTime) return null;
  const daysBeforeEnd = Math.round((week.createdDate.getTime() - week.finishTime.getTime()) / DAY_MS);
  const day = 4 - daysBeforeEnd;
  return day >= 1 && day <= 4 ? (day as BattleDay) : null;
}
