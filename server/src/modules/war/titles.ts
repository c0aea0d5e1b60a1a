import { DAY_MS, WEEK_MS, weekNumber } from './calendar.js';
import { newYorkDate, type CivilDate } from './new-york.js';
import type { BattleDay } from './types.js';

/** Record titles (docs/architecture.md §5), with dates as the New York calendar shows them. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function monthName(d: CivilDate): string {
  return MONTHS[d.month - 1] ?? '';
}

/** "Jun 22–29, 2026", "May 25–Jun 1, 2026" or "Dec 28, 2026–Jan 4, 2027". */
export function dateRangeLabel(start: Date, end: Date): string {
  const a = newYorkDate(start);
  const b = newYorkDate(end);
  if (a.year !== b.year) return `${monthName(a)} ${a.day}, ${a.year}–${monthName(b)} ${b.day}, ${b.year}`;
  if (a.month !== b.month) return `${monthName(a)} ${a.day}–${monthName(b)} ${b.day}, ${b.year}`;
  return `${monthName(a)} ${a.day}–${b.day}, ${b.year}`;
}

export function dateLabel(instant: Date): string {
  const d = newYorkDate(instant);
  return `${monthName(d)} ${d.day}, ${d.year}`;
}

/** "Season 133 · Week 4 · Jun 22–29, 2026" for the week that ended at `createdDate`. */
export function weekTitle(seasonId: number, sectionIndex: number, createdDate: Date): string {
  const start = new Date(createdDate.getTime() - WEEK_MS);
  return `Season ${seasonId} · Week ${weekNumber(sectionIndex)} · ${dateRangeLabel(start, createdDate)}`;
}

/** The instant battle day `day` began, for the week that ended at `createdDate` (Thu = day 1). */
export function battleDayStart(createdDate: Date, day: BattleDay): Date {
  return new Date(createdDate.getTime() - WEEK_MS + (day + 2) * DAY_MS);
}

/** "Season 133 · Week 4 · Battle day 2 · Jun 26, 2026"; `dayStart` is any instant of the day's reset date. */
export function dayTitle(seasonId: number, sectionIndex: number, day: BattleDay, dayStart: Date): string {
  return `Season ${seasonId} · Week ${weekNumber(sectionIndex)} · Battle day ${day} · ${dateLabel(dayStart)}`;
}
