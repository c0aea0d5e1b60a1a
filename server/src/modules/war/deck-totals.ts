import { periodIndexOf } from './calendar.js';
import type { BattleDay, RiverRaceLogWeek, RiverRaceSnapshot } from './types.js';

/** Week totals of war decks per player tag at one instant; a missing tag means 0. */
export type DeckTotals = ReadonlyMap<string, number>;

/**
 * Start-of-day total = decksUsed − decksUsedToday, valid in any snapshot taken during that day
 * (docs/war-tracking.md): decksUsed counts the week's battle days, decksUsedToday the decks since reset.
 */
export function startOfDayTotals(snapshot: Pick<RiverRaceSnapshot, 'participants'>): DeckTotals {
  return new Map(snapshot.participants.map((p) => [p.tag, Math.max(0, p.decksUsed - p.decksUsedToday)]));
}

/** End of battle day 4 = each participant's decksUsed in the week's log item (docs/war-tracking.md). */
export function weekEndTotals(logWeek: Pick<RiverRaceLogWeek, 'participants'>): DeckTotals {
  return new Map(logWeek.participants.map((p) => [p.tag, p.decksUsed]));
}

/**
 * Totals at the five boundaries of the battle days of one week: boundary b is the end of battle
 * day b (b = 0: start of day 1, which is 0 for everyone because decksUsed resets on Monday and
 * training battles do not count, docs/clash-royale-api.md §7.3). Boundaries 1–3 come from a snapshot taken
 * during the next day, boundary 4 from the log. An unknown boundary is absent from the map.
 */
export function boundaryTotals(
  sectionIndex: number,
  snapshots: readonly RiverRaceSnapshot[],
  logWeek: RiverRaceLogWeek | null,
): Map<number, DeckTotals> {
  const boundaries = new Map<number, DeckTotals>([[0, new Map()]]);
  for (const b of [1, 2, 3] as const) {
    const period = periodIndexOf(sectionIndex, (b + 1) as BattleDay);
    const latest = latestIn(snapshots, period);
    if (latest) boundaries.set(b, startOfDayTotals(latest));
  }
  if (logWeek && logWeek.sectionIndex === sectionIndex) boundaries.set(4, weekEndTotals(logWeek));
  return boundaries;
}

/** The newest snapshot taken during a period (the later one knows every participant so far). */
export function latestIn(snapshots: readonly RiverRaceSnapshot[], periodIndex: number): RiverRaceSnapshot | undefined {
  let best: RiverRaceSnapshot | undefined;
  for (const s of snapshots) {
    if (s.periodIndex === periodIndex && (!best || s.takenAt > best.takenAt)) best = s;
  }
  return best;
}

/**
 * Exact range of decks a player used on `day`. Between the nearest known boundaries around the
 * day, X decks were used over n days at most 4 a day, so the day saw max(0, X − 4(n−1)) to
 * min(4, X); with both boundaries of the day known, n = 1 and the range is one value. Decks
 * already counted today in a snapshot during the day raise the minimum.
 */
export function decksRange(
  tag: string,
  day: BattleDay,
  boundaries: ReadonlyMap<number, DeckTotals>,
  usedTodaySoFar: number,
): { min: number; max: number } {
  let low = day - 1;
  while (!boundaries.has(low)) low -= 1;
  let high: number | null = day;
  while (high !== null && !boundaries.has(high)) high = high < 4 ? high + 1 : null;
  const start = boundaries.get(low)?.get(tag) ?? 0;
  let min = usedTodaySoFar;
  let max = 4;
  if (high !== null) {
    const spanned = Math.max(0, (boundaries.get(high)?.get(tag) ?? 0) - start);
    min = Math.max(min, spanned - 4 * (high - low - 1));
    max = Math.min(max, spanned);
  }
  min = Math.min(4, Math.max(0, min));
  return { min, max: Math.max(min, max) };
}
