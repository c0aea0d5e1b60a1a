import { battleDayOf, seasonIdForMonth, seasonStartDate, weekNumber } from '../war/calendar.js';
import type { BattleDay } from '../war/types.js';

const DAY_MS = 86_400_000;
const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });

/** A battle day an absence covers: the one whose reset falls on `date` (docs/decisions/081-excused-absences.md). */
export interface CoveredDay {
  date: string;
  seasonId: number;
  sectionIndex: number;
  day: BattleDay;
}

/** The season and day of the season of a UTC date, by the first-Monday calendar (docs/clash-royale-api.md §7.1). */
function periodOf(date: string): { seasonId: number; periodIndex: number } {
  const at = Date.parse(date);
  const d = new Date(at);
  let seasonId = seasonIdForMonth(d.getUTCFullYear(), d.getUTCMonth() + 1);
  if (seasonStartDate(seasonId).getTime() > at) seasonId -= 1;
  return { seasonId, periodIndex: Math.round((at - seasonStartDate(seasonId).getTime()) / DAY_MS) };
}

/** The battle days whose resets fall on the UTC dates from `startsOn` to `endsOn`. */
export function battleDaysCovered(startsOn: string, endsOn: string): CoveredDay[] {
  const out: CoveredDay[] = [];
  for (let t = Date.parse(startsOn); t <= Date.parse(endsOn); t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    const { seasonId, periodIndex } = periodOf(date);
    const day = battleDayOf(periodIndex);
    if (day !== null) out.push({ date, seasonId, sectionIndex: Math.floor(periodIndex / 7), day });
  }
  return out;
}

/**
 * What an absence's dates mean in the war, in words for Discord: the battle days it excuses, each with the UTC date
 * its reset falls on, and when the resets come (`resetTime`, "09:45", from the observed resets). Dates are UTC days:
 * east of UTC a local "Friday" is mostly the battle day that began on Thursday.
 */
export function coveredDaysText(startsOn: string, endsOn: string, resetTime: string | null, approved = true): string {
  const days = battleDaysCovered(startsOn, endsOn);
  const when = resetTime ? `at about ${resetTime} UTC` : 'between about 09:30 and 10:00 UTC';
  if (days.length === 0) return 'No battle day begins on those UTC dates (training days only): nothing to excuse.';
  const list = days
    .map(
      (d) =>
        `Season ${d.seasonId} · Week ${weekNumber(d.sectionIndex)} · battle day ${d.day} (reset ${weekday.format(new Date(d.date))})`,
    )
    .join(', ');
  return `${approved ? 'Excused battle days' : 'Battle days it would excuse'}: ${list}; the resets come ${when}. Dates are UTC days.`;
}
