import type { FamilyReportResponse } from '#contracts/admin-family-report';
import type { MemberPageResponse } from '#contracts/member-page';
import { DEFAULT_WAR_RULES } from '#contracts/war-rules';
import type { FamilyLedger } from '../../src/simulator/family-ledger.js';
import type { WarTimeline } from './war-timeline.js';

/**
 * What the simulated family's ledger says of a player's battle day (docs/war-tracking.md §5, "One day, one clan"),
 * never what ClanOps' rules say: the clans whose member list held the player at their own reset of the day (at most
 * one, unless a move fell between two clans' resets), the decks they used that day in every clan, and whether a
 * leader's absence covered it. The sweeps judge ClanOps' reports, pages and streaks against it.
 */
export interface TruthDay {
  seasonId: number;
  sectionIndex: number;
  day: 1 | 2 | 3 | 4;
  periodIndex: number;
  /** the clans holding the player at their own reset of the day, among those that had looked at their roster before */
  atReset: string[];
  /** the clans holding the player at their last look before their reset (what ClanOps can see) */
  atLook: string[];
  decks: number;
  excused: boolean;
  /** the day began after the clan of its reset crossed the finish line */
  finished: boolean;
}

/** An absence the sweep approved: UTC dates, inclusive. */
export interface TruthAbsence {
  tag: string;
  startsOn: string;
  endsOn: string;
}

function family(w: WarTimeline): FamilyLedger {
  return w.sim.state.family!;
}

/** The player's battle day of (season, week, day), read from the ledger. */
export function truthDay(
  w: WarTimeline,
  clans: readonly string[],
  absences: readonly TruthAbsence[],
  tag: string,
  key: { seasonId: number; sectionIndex: number; day: 1 | 2 | 3 | 4 },
  /** when the clan last looked at its roster before `at` (null: never, a fresh install) */
  lastLook: (clanTag: string, at: Date) => Date | null,
): TruthDay {
  const periodIndex = 7 * key.sectionIndex + key.day + 2;
  const fam = family(w);
  const atReset: string[] = [];
  const atLook: string[] = [];
  let finished = false;
  let date = '';
  for (const clan of clans) {
    const ledger = w.sim.state.clanState(clan)!.ledger;
    const start = ledger.day(key.seasonId, periodIndex).start;
    date ||= start.toISOString().slice(0, 10);
    const look = lastLook(clan, start);
    // a clan that had never looked at its roster cannot tell who was there: nobody is judged on that day there
    if (look === null) continue;
    if (fam.clanOf(tag, look) === clan) atLook.push(clan);
    if (fam.clanOf(tag, start) !== clan && fam.clanOf(tag, look) !== clan) continue;
    if (fam.clanOf(tag, start) === clan) atReset.push(clan);
    const crossed = ledger.finishedAt(key.seasonId, key.sectionIndex);
    finished ||= crossed !== null && crossed.getTime() <= start.getTime();
  }
  const excused = absences.some((a) => a.tag === tag && a.startsOn <= date && date <= a.endsOn);
  const decks = fam.attacks(tag, key.seasonId, periodIndex).length;
  return { ...key, periodIndex, atReset, atLook, decks, excused, finished };
}

/** The clans a day may be judged in: holding the player at their reset or at their last look before it. */
const judgeable = (d: TruthDay) => [...new Set([...d.atReset, ...d.atLook])];

/** Does the day count toward the rules: judged somewhere, before the finish, not excused (four decks stay a full day). */
export const counts = (d: TruthDay) => judgeable(d).length > 0 && !d.finished && (!d.excused || d.decks === 4);

/** A member page's days against the ledger: the problems found, one line each. */
export function judgePage(page: MemberPageResponse, days: readonly TruthDay[]): string[] {
  const problems: string[] = [];
  for (const t of days) {
    const week = page.weeks.find((x) => x.seasonId === t.seasonId && x.sectionIndex === t.sectionIndex);
    const day = week?.days.find((x) => x.day === t.day);
    if (!day) continue;
    const where = `${page.tag} ${t.seasonId}/${t.sectionIndex}/${t.day}`;
    const judged = day.note === 'counted' || day.note === 'uncertain' || day.note === 'excused';
    // all four decks is a full day whoever judges it (a joiner's too)
    if (judged && judgeable(t).length === 0 && !(day.note === 'counted' && t.decks === 4))
      problems.push(`${where}: judged (${day.note}) but in no clan at its reset or last look`);
    if (day.note === 'excused' && !t.excused) problems.push(`${where}: excused without an absence`);
    if (
      t.excused &&
      t.decks < 4 &&
      judgeable(t).length > 0 &&
      !t.finished &&
      ['counted', 'uncertain'].includes(day.note)
    )
      problems.push(`${where}: ${day.note} though an absence covers it`);
    if (day.decksUsed !== null && day.decksUsedMax !== null && (t.decks < day.decksUsed || t.decks > day.decksUsedMax))
      problems.push(`${where}: ${t.decks} decks in the family, page says ${day.decksUsed}–${day.decksUsedMax}`);
  }
  // the streak: days with all four decks in a row, newest first, with the ledger's counts. The days the rule passes
  // over (joined during the day, not tracked, not reported, or a count the data leaves open) are passed over here too.
  let streak = 0;
  for (const t of [...days].reverse()) {
    const shown = page.weeks
      .find((x) => x.seasonId === t.seasonId && x.sectionIndex === t.sectionIndex)
      ?.days.find((x) => x.day === t.day);
    if (!shown || shown.note !== 'counted' || !(counts(t) || t.decks === 4)) continue;
    if (t.decks === 4) streak++;
    else break;
  }
  if (page.fullDeckStreak !== streak)
    problems.push(`${page.tag}: streak ${page.fullDeckStreak}, the ledger's ${streak}`);
  return problems;
}

/**
 * The family report's verdicts on the newest week against the ledger: a main member flagged for missed attacks missed
 * at least the limit on days that count, and one who certainly missed the limit is flagged; a feeder promotion
 * candidate did not miss the limit.
 */
export function judgeFamilyReport(
  report: FamilyReportResponse,
  weekDays: (tag: string) => TruthDay[],
  openDays: (tag: string) => number,
): string[] {
  const limit = report.rules.missedAttacksForRemoval ?? DEFAULT_WAR_RULES.missedAttacksForRemoval;
  const perDay = report.rules.attacksPerDay;
  const missed = (tag: string) =>
    weekDays(tag)
      .filter(counts)
      .reduce((n, d) => n + Math.max(0, perDay - d.decks), 0);
  const problems: string[] = [];
  const atRisk = new Map(report.atRisk.map((j) => [j.tag, j]));
  for (const m of report.members.filter((x) => x.wholeWeek && x.clanTag === report.mainClanTag)) {
    const truth = missed(m.tag);
    const flagged = atRisk.get(m.tag)?.flags.includes('missed-attacks') ?? false;
    if (flagged && truth < limit) problems.push(`${m.tag}: flagged for missed attacks, the ledger says ${truth}`);
    if (!flagged && truth >= limit && openDays(m.tag) === 0)
      problems.push(`${m.tag}: missed ${truth} by the ledger, not flagged`);
  }
  for (const c of report.promotionCandidates)
    if (missed(c.tag) >= limit && openDays(c.tag) === 0)
      problems.push(`${c.tag}: a candidate who missed ${missed(c.tag)} by the ledger`);
  return problems;
}
