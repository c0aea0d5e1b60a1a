import type { WarRules } from '#contracts/war-rules';
import type { BattleDay } from '../types.js';

/**
 * The clan's war rules, each written once (docs/war-insights.md "One rule, one place"): the clan War report, the
 * family report, the member page, `/inactive` and the weekly summary all call these; the captions that word them are
 * `warRuleCaptions` in contracts/war-rule-captions.ts, beside the rule values. Pure: stored days in, verdicts out.
 */

/** Why a battle day counts toward the rules, or why it does not. */
export type DayNote = 'counted' | 'race-finished' | 'joined' | 'untracked' | 'excused' | 'uncertain' | 'not-reported';

/** One battle day of one member as the rules read it. */
export interface JudgedDay {
  day: BattleDay;
  decksUsed: number;
  decksUsedMax: number;
  note: DayNote;
}

/** One reported battle day of a week (war_day_reports + war_day_decks), excuses already applied. */
export interface WarDay {
  seasonId: number;
  sectionIndex: number;
  day: BattleDay;
  raceFinished: boolean;
  players: { tag: string; decksUsed: number; decksUsedMax: number; status: string }[];
}

const DAY_MS = 86_400_000;

/** A day after the clan's finish, a day the member joined, an excused or uncertain day: never a miss. */
export function dayNote(raceFinished: boolean, status: string): DayNote {
  if (raceFinished) return 'race-finished';
  if (status === 'joined-during-day') return 'joined';
  if (status === 'untracked' || status === 'excused' || status === 'uncertain') return status;
  return 'counted';
}

/** The four battle days of one member in one week, each with why it counts or not. */
export function daysOf(tag: string, days: readonly WarDay[], perDay: number): JudgedDay[] {
  return ([1, 2, 3, 4] as const).map((day): JudgedDay => {
    const report = days.find((d) => d.day === day);
    const row = report?.players.find((p) => p.tag === tag);
    if (!report || !row) return { day, decksUsed: 0, decksUsedMax: perDay, note: 'not-reported' };
    return {
      day,
      decksUsed: row.decksUsed,
      decksUsedMax: row.decksUsedMax,
      note: dayNote(report.raceFinished, row.status),
    };
  });
}

/** Attacks certainly missed that day: below the rule even at the top of a range; only counted days miss. */
export function missedOn(d: JudgedDay, perDay: number): number {
  return d.note === 'counted' ? Math.max(0, perDay - d.decksUsedMax) : 0;
}

/** Attacks certainly missed in the week, and whether that reaches the removal limit. */
export function missedAttacks(rules: WarRules, days: readonly JudgedDay[]): { missed: number; flagged: boolean } {
  const missed = days.reduce((n, d) => n + missedOn(d, rules.attacksPerDay), 0);
  return { missed, flagged: missed >= rules.missedAttacksForRemoval };
}

/**
 * The fame minimum for a member excused on some battle days: the clan's minimum in proportion to the days that could
 * earn fame (before the clan's finish) and were not excused. Nobody excused: the clan's minimum unchanged.
 */
export function fameMinimum(rules: WarRules, days: readonly JudgedDay[]): number {
  const open = days.filter((d) => d.note !== 'race-finished');
  const excused = open.filter((d) => d.note === 'excused').length;
  if (excused === 0) return rules.minimumFamePerWar;
  return Math.round((rules.minimumFamePerWar * (open.length - excused)) / open.length);
}

/** Below the fame minimum (scaled to the days not excused). */
export function belowFame(rules: WarRules, fame: number, days: readonly JudgedDay[]): boolean {
  return fame < fameMinimum(rules, days);
}

/** One week of a promotion run: the member's place, and whether they were excused on any of its battle days. */
export interface RunWeek<W> {
  week: W;
  rank: number | null;
  excused: boolean;
}

/**
 * The promotion rule: top N in the given number of consecutive wars. A war the member was excused in and did not
 * place in is passed over, neither counted nor breaking the run. Returns the counted wars, or null when not a candidate.
 */
export function promotionRun<W>(rules: WarRules, weeks: readonly RunWeek<W>[]): RunWeek<W>[] | null {
  const counted: RunWeek<W>[] = [];
  for (const w of weeks) {
    if (counted.length === rules.promotion.consecutiveWars) break;
    const placed = w.rank !== null && w.rank <= rules.promotion.topN;
    if (placed) counted.push(w);
    else if (!w.excused) return null;
  }
  return counted.length === rules.promotion.consecutiveWars ? counted : null;
}

/**
 * The activity rule on days away: whole days since the member was last seen in the game, less the days an approved
 * absence covers in that time, when the rule is on and that is past its limit; else null.
 */
export function daysAwayPastLimit(
  rules: WarRules,
  lastSeen: Date | null,
  now: Date,
  excusedDates: ReadonlySet<string> = new Set(),
): number | null {
  const limit = rules.activity.maxDaysAway;
  if (limit === null || lastSeen === null) return null;
  const daysAway = Math.floor((now.getTime() - lastSeen.getTime()) / DAY_MS);
  let excused = 0;
  for (let t = lastSeen.getTime(); t < now.getTime(); t += DAY_MS)
    if (excusedDates.has(new Date(t).toISOString().slice(0, 10))) excused++;
  return daysAway - Math.min(excused, daysAway) > limit ? daysAway : null;
}

/** The activity rule on donations: on, and last week's donations known and below its minimum. */
export function donationsBelowMinimum(rules: WarRules, donations: number | null): boolean {
  const minimum = rules.activity.minWeeklyDonations;
  return minimum !== null && donations !== null && donations < minimum;
}
