import type { MemberDay, MemberTitle, MemberWeek } from '#contracts/member-page';
import type { MonthlyChampion } from '#contracts/public';
import { weekNumber } from '../war/calendar.js';
import { daysOf, type WarDay } from '../war/insights/rules.js';
import { weekTitle } from '../war/titles.js';
import type { BattleDay } from '../war/types.js';
import { dayKeyText } from '../war/war-days.js';

/** One week ClanOps tracked (stored by the river race log, or with reported battle days). */
export interface HistoryWeek {
  seasonId: number;
  sectionIndex: number;
  createdDate: Date | null;
}

/** One of the player's rows of war_day_decks, with its day's report status. */
export interface PlayerDayRow {
  seasonId: number;
  sectionIndex: number;
  day: BattleDay;
  decksUsed: number;
  decksUsedMax: number;
  status: string;
  raceFinished: boolean;
}

export interface HistoryInput {
  tag: string;
  weeks: readonly HistoryWeek[];
  /** the player's rows of river_race_data */
  playerWeeks: readonly { seasonId: number; sectionIndex: number; fame: number; decksUsed: number }[];
  /** dayKeyText of every reported battle day ("137/2/3"), whoever it reported */
  reportedDays: ReadonlySet<string>;
  playerDays: readonly PlayerDayRow[];
  /** still a member: the weeks run to the newest tracked one, not to the player's last */
  inClan: boolean;
}

const DECKS_PER_DAY = 4;
const weekKey = (w: { seasonId: number; sectionIndex: number }) => `${w.seasonId}/${w.sectionIndex}`;
const byPosition = (a: HistoryWeek, b: HistoryWeek) => a.seasonId - b.seasonId || a.sectionIndex - b.sectionIndex;

/** "Season 138 · Week 3 · Nov 16–23, 2026"; before the week is stored its dates are not known: "Season 138 · Week 4". */
export function historyWeekTitle(w: HistoryWeek): string {
  return w.createdDate
    ? weekTitle(w.seasonId, w.sectionIndex, w.createdDate)
    : `Season ${w.seasonId} · Week ${weekNumber(w.sectionIndex)}`;
}

/**
 * One player's war weeks, oldest first (docs/decisions/090-member-page-history.md): from the first week the
 * player appears in (a week's log or a battle-day report) to the newest tracked week, or to the player's last
 * week once they have left. Each week carries the log's fame and decks and the four battle days as reported;
 * a day the data says nothing about is `not-reported` or `not-in-clan`, never 0.
 */
export function buildMemberWeeks(input: HistoryInput): MemberWeek[] {
  const logged = new Map(input.playerWeeks.map((w) => [weekKey(w), w]));
  const dayRows = new Map<string, PlayerDayRow[]>();
  for (const d of input.playerDays) dayRows.set(weekKey(d), [...(dayRows.get(weekKey(d)) ?? []), d]);
  const weeks = [...input.weeks].sort(byPosition);
  const appears = (w: HistoryWeek) => logged.has(weekKey(w)) || dayRows.has(weekKey(w));
  const first = weeks.findIndex(appears);
  if (first < 0) return [];
  const last = input.inClan ? weeks.length - 1 : weeks.findLastIndex(appears);
  return weeks.slice(first, last + 1).map((w) => {
    const log = logged.get(weekKey(w));
    return {
      seasonId: w.seasonId,
      sectionIndex: w.sectionIndex,
      title: historyWeekTitle(w),
      stored: w.createdDate !== null,
      fame: log?.fame ?? null,
      decksUsed: log?.decksUsed ?? null,
      days: weekDays(input.tag, w, dayRows.get(weekKey(w)) ?? [], input.reportedDays),
    };
  });
}

/** The War report's reading of a day (daysOf), told apart where it says nothing: not reported, or not a member. */
function weekDays(
  tag: string,
  w: HistoryWeek,
  rows: readonly PlayerDayRow[],
  reported: ReadonlySet<string>,
): MemberDay[] {
  const days: WarDay[] = rows.map((r) => ({
    seasonId: r.seasonId,
    sectionIndex: r.sectionIndex,
    day: r.day,
    raceFinished: r.raceFinished,
    players: [{ tag, decksUsed: r.decksUsed, decksUsedMax: r.decksUsedMax, status: r.status }],
  }));
  return daysOf(tag, days, DECKS_PER_DAY).map((d): MemberDay => {
    if (d.note !== 'not-reported') return d;
    const key = dayKeyText({ seasonId: w.seasonId, sectionIndex: w.sectionIndex, day: d.day });
    const note = reported.has(key) ? 'not-in-clan' : 'not-reported';
    return { day: d.day, note, decksUsed: null, decksUsedMax: null };
  });
}

/**
 * Battle days in a row with all 4 decks, counted back from the newest day that says something: a day with
 * fewer than 4 certain decks ends the streak; a day that proves nothing either way (not reported, uncertain,
 * joined that day, race already finished, not a member) is passed over (docs/decisions/090-member-page-history.md).
 */
export function fullDeckStreak(weeks: readonly MemberWeek[]): number {
  let streak = 0;
  for (const day of weeks.flatMap((w) => w.days).reverse()) {
    if (day.note !== 'counted' || day.decksUsed === null || day.decksUsedMax === null) continue;
    if (day.decksUsed >= DECKS_PER_DAY) streak += 1;
    else if (day.decksUsedMax < DECKS_PER_DAY) break;
  }
  return streak;
}

/** The fame of every stored week of the history, oldest first (null: not in that week's log). */
export function fameTrend(weeks: readonly MemberWeek[]) {
  return weeks
    .filter((w) => w.stored)
    .map((w) => ({ seasonId: w.seasonId, sectionIndex: w.sectionIndex, title: w.title, fame: w.fame }));
}

/** The player's months among the monthly champions (every month, ties included), newest first. */
export function memberTitles(champions: readonly MonthlyChampion[], tag: string): MemberTitle[] {
  return champions
    .filter((c) => c.playerTag === tag)
    .map((c) => ({
      year: c.year,
      month: c.month,
      fameEarned: c.fameEarned,
      shared: champions.some((o) => o.playerTag !== tag && o.year === c.year && o.month === c.month),
      inProgress: c.isChampionOnTheRise,
    }));
}
