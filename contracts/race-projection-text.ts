// No zod here: the public bundle imports this file (like freshness.ts). The projection's words, said once for the
// Discord replies and the web cards (docs/war-tracking.md "Where the race will end").

/** A place as people say it: 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

export const percent = (share: number): string => `${Math.round(share * 100)}%`;

/** "1st", or "1st–3rd, most likely 2nd (56%)". */
export function placeText(place: { mid: number; best: number; worst: number; chanceOfMid: number }): string {
  if (place.best === place.worst) return ordinal(place.mid);
  return `${ordinal(place.best)}–${ordinal(place.worst)}, most likely ${ordinal(place.mid)} (${percent(place.chanceOfMid)})`;
}

/** What the range means, said beside every projection. */
export const RANGE_NOTE = '8 in 10 played-out weeks fall in these ranges';

/** "placed right 7 of 9 weeks at the start of day 2", or null before any week has ended; a poor record says so. */
export function recordText(
  record: { byDay: { day: number; weeks: number; placedRight: number }[] },
  day: number,
): string | null {
  const row = record.byDay.find((d) => d.day === day);
  if (!row) return null;
  const often = row.placedRight * 2 < row.weeks ? ' — often wrong, read it as a guess' : '';
  return `placed right ${row.placedRight} of ${row.weeks} week${row.weeks === 1 ? '' : 's'} at the start of day ${day}${often}`;
}

const count = (n: number): string => n.toLocaleString('en-US');

/** What one clan's projection says in a line (the fields `projectedSummary` reads). */
export interface ProjectedClan {
  place: { mid: number; best: number; worst: number };
  final: { low: number; high: number };
  finish: { day: number; chance: number } | null;
  finished: boolean;
}

/**
 * One clan's projection said in one line, with how sure it is (the place's range, the chance of crossing, or the
 * fame's range): "2nd (1st–3rd), crossing at the close of day 3 (70%)", "4th (3rd–5th), 5,200–6,800 fame at the end".
 */
export function projectedSummary(c: ProjectedClan, mode: 'normal' | 'colosseum'): string {
  if (c.finished) return 'over the finish line';
  const { mid, best, worst } = c.place;
  const place = best === worst ? ordinal(mid) : `${ordinal(mid)} (${ordinal(best)}–${ordinal(worst)})`;
  if (c.finish) return `${place}, crossing at the close of day ${c.finish.day} (${percent(c.finish.chance)})`;
  const fame = c.final.low === c.final.high ? count(c.final.low) : `${count(c.final.low)}–${count(c.final.high)}`;
  return `${place}, ${fame} ${mode === 'colosseum' ? 'medals' : 'fame'} at the end`;
}
