import type { FamilyFlag, FamilyJudged, FamilyMember } from '#contracts/admin-family-report';
import type { MemberRole, WarRules } from '#contracts/war-rules';
import {
  belowFame,
  daysAwayPastLimit,
  daysOf,
  donationsBelowMinimum,
  fameMinimum,
  missedAttacks,
  type JudgedDay,
  type WarDay,
} from './rules.js';
import { inAnyStintAt, type Stint, type WarWeek } from './war-report.js';

const WEEK_MS = 7 * 86_400_000;

/** A member's current stint in one family clan. */
export interface FamilyRosterEntry {
  tag: string;
  name: string;
  role: MemberRole;
  clanTag: string;
  familySince: Date;
  /** every stint in the family's clans */
  stints?: readonly Stint[];
  lastSeen: Date | null;
  donations: number | null;
}

/** One family week: the same war week of every clan's log, its participants' rows kept per clan. */
export interface FamilyWeek {
  seasonId: number;
  sectionIndex: number;
  createdDate: Date;
  rows: Map<string, { fame: number; decksUsed: number; clans: string[] }>;
}

/** Each clan's stored weeks merged into family weeks, newest first: a player's rows in two clans are added. */
export function mergeFamilyWeeks(perClan: readonly { clanTag: string; weeks: readonly WarWeek[] }[]): FamilyWeek[] {
  const weeks = new Map<string, FamilyWeek>();
  for (const { clanTag, weeks: clanWeeks } of perClan) {
    for (const w of clanWeeks) {
      const key = `${w.seasonId}/${w.sectionIndex}`;
      let week = weeks.get(key);
      if (!week) {
        week = { seasonId: w.seasonId, sectionIndex: w.sectionIndex, createdDate: w.createdDate, rows: new Map() };
        weeks.set(key, week);
      }
      if (w.createdDate > week.createdDate) week.createdDate = w.createdDate;
      for (const p of w.participants) {
        const row = week.rows.get(p.tag) ?? { fame: 0, decksUsed: 0, clans: [] };
        row.fame += p.fame;
        row.decksUsed += p.decksUsed;
        row.clans.push(clanTag);
        week.rows.set(p.tag, row);
      }
    }
  }
  return [...weeks.values()].sort(
    (a, b) =>
      b.createdDate.getTime() - a.createdDate.getTime() || b.seasonId - a.seasonId || b.sectionIndex - a.sectionIndex,
  );
}

/**
 * A member's four battle days of one week across the family: each day from the clan whose report lists it (a day is
 * judged in one clan, docs/war-tracking.md §5); a clan that lists them as joining gives way to one that judged them.
 */
export function familyDaysOf(tag: string, perClan: readonly (readonly WarDay[])[], perDay: number): JudgedDay[] {
  const readings = perClan.map((days) => daysOf(tag, days, perDay));
  return ([0, 1, 2, 3] as const).map((i) => {
    const said = readings.map((r) => r[i]!).filter((d) => d.note !== 'not-reported');
    return said.find((d) => d.note !== 'joined' && d.note !== 'untracked') ?? said[0] ?? readings[0]![i]!;
  });
}

/**
 * The family report (docs/decisions/104-per-clan-webhooks.md), pure: the main clan's rules (rules.ts, the clan
 * report's own) applied to every member's one history. A member in the family for the whole newest week is judged on
 * its fame (below the minimum, scaled to the days not excused) and its battle days (attacks certainly missed on days
 * that count: finished, excused, joining and uncertain days never do); the activity rules read the current stint as
 * the clan report does. Feeder members with no flag are promotion candidates; main members with a flag are at risk.
 */
export function buildFamilyReport(input: {
  rules: WarRules;
  mainClanTag: string;
  /** newest first */
  weeks: readonly FamilyWeek[];
  /** each family clan's reported battle days of the newest week, excuses applied */
  days: readonly (readonly WarDay[])[];
  roster: readonly FamilyRosterEntry[];
  now: Date;
  shownWeeks: number;
  /** UTC dates an approved absence covers, per member */
  excusedDates?: ReadonlyMap<string, ReadonlySet<string>>;
}): { members: FamilyMember[]; promotionCandidates: FamilyJudged[]; atRisk: FamilyJudged[] } {
  const { rules, weeks, now } = input;
  const newest = weeks[0];
  const shown = weeks.slice(0, input.shownWeeks);
  const weekStart = newest ? newest.createdDate.getTime() - WEEK_MS : null;
  const judged: (FamilyJudged & { wholeWeek: boolean })[] = input.roster.map((m) => {
    const row = newest?.rows.get(m.tag);
    const fame = row?.fame ?? 0;
    const decksUsed = row?.decksUsed ?? 0;
    const wholeWeek =
      weekStart !== null && (m.familySince.getTime() <= weekStart || inAnyStintAt(m.stints ?? [], weekStart));
    const days = familyDaysOf(m.tag, input.days, rules.attacksPerDay);
    const missed = missedAttacks(rules, days);
    const flags: FamilyFlag[] = [];
    if (wholeWeek && belowFame(rules, fame, days)) flags.push('below-fame');
    if (wholeWeek && missed.flagged) flags.push('missed-attacks');
    if (daysAwayPastLimit(rules, m.lastSeen, now, input.excusedDates?.get(m.tag)) !== null) flags.push('away-too-long');
    if (donationsBelowMinimum(rules, m.donations)) flags.push('low-donations');
    return {
      tag: m.tag,
      name: m.name,
      role: m.role,
      clanTag: m.clanTag,
      fame,
      decksUsed,
      missedAttacks: missed.missed,
      fameMinimum: fameMinimum(rules, days),
      flags,
      wholeWeek,
    };
  });
  const byFame = (a: FamilyJudged, b: FamilyJudged) => b.fame - a.fame || a.name.localeCompare(b.name);
  const strip = ({ wholeWeek: _, ...j }: FamilyJudged & { wholeWeek: boolean }): FamilyJudged => j;
  return {
    members: input.roster
      .map((m, i) => ({
        tag: m.tag,
        name: m.name,
        role: m.role,
        clanTag: m.clanTag,
        familySince: m.familySince.toISOString(),
        wholeWeek: judged[i]!.wholeWeek,
        weeks: shown.map((w) => w.rows.get(m.tag) ?? null),
      }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.tag.localeCompare(b.tag)),
    promotionCandidates: judged
      .filter((j) => j.clanTag !== input.mainClanTag && j.wholeWeek && j.flags.length === 0)
      .sort(byFame)
      .map(strip),
    atRisk: judged
      .filter((j) => j.clanTag === input.mainClanTag && j.flags.length > 0)
      .sort(byFame)
      .map(strip),
  };
}
