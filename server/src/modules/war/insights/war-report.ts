import type { MemberRole, WarRules } from '#contracts/war-rules';
import type { BattleDay } from '../types.js';

/** One finished war week of the clan, as river_race_data stores it. */
export interface WarWeek {
  seasonId: number;
  sectionIndex: number;
  /** the Monday reset that closed the week */
  createdDate: Date;
  participants: { tag: string; name: string; fame: number; decksUsed: number }[];
}

/** One reported battle day of a week (war_day_reports + war_day_decks). */
export interface WarDay {
  seasonId: number;
  sectionIndex: number;
  day: BattleDay;
  raceFinished: boolean;
  players: { tag: string; decksUsed: number; decksUsedMax: number; status: string }[];
}

export interface RosterEntry {
  tag: string;
  name: string;
  role: MemberRole;
  /** when ClanOps first saw the member (this stint) */
  firstSeenAt: Date;
  /** the game's own last-seen time, observed with the snapshots */
  lastSeen: Date | null;
  /** the weekly donations counter at the last snapshot */
  donations: number | null;
}

export interface WeekPlace {
  seasonId: number;
  sectionIndex: number;
  rank: number | null;
  fame: number;
}

export interface DayDecks {
  day: BattleDay;
  decksUsed: number;
  decksUsedMax: number;
  /** 'missed' days count; others ('finished', 'joined', 'uncertain', 'not reported') explain why not */
  note: 'counted' | 'race-finished' | 'joined' | 'untracked' | 'excused' | 'uncertain' | 'not-reported';
}

export interface Flagged<E> {
  tag: string;
  name: string;
  role: MemberRole;
  evidence: E;
}

export interface WarReport {
  war: { seasonId: number; sectionIndex: number; createdDate: Date } | null;
  promotionCandidates: Flagged<WeekPlace[]>[];
  belowFame: Flagged<{ fame: number; minimum: number }>[];
  missedAttacks: Flagged<{ missed: number; limit: number; days: DayDecks[] }>[];
  awayTooLong: Flagged<{ daysAway: number; limit: number }>[];
  lowDonations: Flagged<{ donations: number; minimum: number }>[];
  /** current members who were not in the clan for the whole war: shown, never blamed */
  notWholeWar: Flagged<{ joinedAt: Date }>[];
}

const WEEK_MS = 7 * 86_400_000;
const DAY_MS = 86_400_000;

/**
 * The clan's own rules applied to its own data for the newest finished war (docs/war-insights.md).
 * Pure: stored weeks, reported days and the current roster in, lists with their evidence out.
 * A day the data leaves open counts only what is certain (a range 2–4 misses nothing for sure).
 */
export function buildWarReport(input: {
  rules: WarRules;
  /** newest first */
  weeks: readonly WarWeek[];
  days: readonly WarDay[];
  roster: readonly RosterEntry[];
  now: Date;
}): WarReport {
  const { rules, weeks, roster, now } = input;
  const newest = weeks[0];
  const empty: WarReport = {
    war: null,
    promotionCandidates: [],
    belowFame: [],
    missedAttacks: [],
    awayTooLong: [],
    lowDonations: [],
    notWholeWar: [],
  };
  if (!newest)
    return { ...empty, awayTooLong: awayTooLong(rules, roster, now), lowDonations: lowDonations(rules, roster) };
  const whole = roster.filter((m) => inWholeWar(m, newest));
  const partial = roster.filter((m) => !inWholeWar(m, newest));
  const ranks = weeks.map(rankWeek);

  const promotionCandidates = whole
    .filter((m) => (rules.promotion.fromRoles as readonly string[]).includes(m.role))
    .map((m) => ({
      m,
      places: weeks.slice(0, rules.promotion.consecutiveWars).map((w, i) => placeOf(w, ranks[i]!, m.tag)),
    }))
    .filter(
      ({ places }) =>
        places.length === rules.promotion.consecutiveWars &&
        places.every((p) => p.rank !== null && p.rank <= rules.promotion.topN),
    )
    .map(({ m, places }) => flag(m, places));

  const belowFame = whole
    .map((m) => ({ m, fame: newest.participants.find((p) => p.tag === m.tag)?.fame ?? 0 }))
    .filter(({ fame }) => fame < rules.minimumFamePerWar)
    .map(({ m, fame }) => flag(m, { fame, minimum: rules.minimumFamePerWar }));

  const weekDays = input.days.filter((d) => d.seasonId === newest.seasonId && d.sectionIndex === newest.sectionIndex);
  const missedAttacks = whole
    .map((m) => ({ m, days: daysOf(m.tag, weekDays, rules.attacksPerDay) }))
    .map(({ m, days }) => ({ m, days, missed: days.reduce((n, d) => n + missedOn(d, rules.attacksPerDay), 0) }))
    .filter(({ missed }) => missed >= rules.missedAttacksForRemoval)
    .map(({ m, days, missed }) => flag(m, { missed, limit: rules.missedAttacksForRemoval, days }));

  return {
    war: { seasonId: newest.seasonId, sectionIndex: newest.sectionIndex, createdDate: newest.createdDate },
    promotionCandidates,
    belowFame,
    missedAttacks,
    awayTooLong: awayTooLong(rules, roster, now),
    lowDonations: lowDonations(rules, roster),
    notWholeWar: partial.map((m) => flag(m, { joinedAt: m.firstSeenAt })),
  };
}

/** Whether the member was seen in the clan before the week began (a later joiner is shown, never blamed). */
export function inWholeWar(m: RosterEntry, week: WarWeek): boolean {
  return m.firstSeenAt.getTime() <= week.createdDate.getTime() - WEEK_MS;
}

function flag<E>(m: RosterEntry, evidence: E): Flagged<E> {
  return { tag: m.tag, name: m.name, role: m.role, evidence };
}

/** Standard competition ranking by fame among everyone who fought that week (1, 2, 2, 4). */
export function rankWeek(week: WarWeek): Map<string, number> {
  const fought = week.participants.filter((p) => p.fame > 0 || p.decksUsed > 0).sort((a, b) => b.fame - a.fame);
  const ranks = new Map<string, number>();
  fought.forEach((p, i) => {
    const previous = fought[i - 1];
    ranks.set(p.tag, previous && previous.fame === p.fame ? ranks.get(previous.tag)! : i + 1);
  });
  return ranks;
}

function placeOf(week: WarWeek, ranks: Map<string, number>, tag: string): WeekPlace {
  return {
    seasonId: week.seasonId,
    sectionIndex: week.sectionIndex,
    rank: ranks.get(tag) ?? null,
    fame: week.participants.find((p) => p.tag === tag)?.fame ?? 0,
  };
}

/** The four battle days of one member in one week, each with why it counts or not. */
export function daysOf(tag: string, days: readonly WarDay[], perDay: number): DayDecks[] {
  return ([1, 2, 3, 4] as const).map((day): DayDecks => {
    const report = days.find((d) => d.day === day);
    const row = report?.players.find((p) => p.tag === tag);
    if (!report || !row) return { day, decksUsed: 0, decksUsedMax: perDay, note: 'not-reported' };
    const note: DayDecks['note'] = report.raceFinished
      ? 'race-finished'
      : row.status === 'joined-during-day'
        ? 'joined'
        : row.status === 'untracked'
          ? 'untracked'
          : row.status === 'excused'
            ? 'excused'
            : row.status === 'uncertain'
              ? 'uncertain'
              : 'counted';
    return { day, decksUsed: row.decksUsed, decksUsedMax: row.decksUsedMax, note };
  });
}

/** Attacks certainly missed that day: below the rule even at the top of a range. */
function missedOn(d: DayDecks, perDay: number): number {
  if (d.note !== 'counted') return 0;
  return Math.max(0, perDay - d.decksUsedMax);
}

/**
 * The activity rule on days away: the whole days since the member was last seen in game when the rule is on and they
 * are past its limit, else null (the clan report and the family report both judge by it).
 */
export function daysAwayPastLimit(rules: WarRules, lastSeen: Date | null, now: Date): number | null {
  const limit = rules.activity.maxDaysAway;
  if (limit === null || lastSeen === null) return null;
  const daysAway = Math.floor((now.getTime() - lastSeen.getTime()) / DAY_MS);
  return daysAway > limit ? daysAway : null;
}

/** The activity rule on donations: on, and last week's donations known and below its minimum. */
export function donationsBelowMinimum(rules: WarRules, donations: number | null): boolean {
  const minimum = rules.activity.minWeeklyDonations;
  return minimum !== null && donations !== null && donations < minimum;
}

function awayTooLong(
  rules: WarRules,
  roster: readonly RosterEntry[],
  now: Date,
): Flagged<{ daysAway: number; limit: number }>[] {
  return roster.flatMap((m) => {
    const daysAway = daysAwayPastLimit(rules, m.lastSeen, now);
    return daysAway === null ? [] : [flag(m, { daysAway, limit: rules.activity.maxDaysAway! })];
  });
}

function lowDonations(
  rules: WarRules,
  roster: readonly RosterEntry[],
): Flagged<{ donations: number; minimum: number }>[] {
  return roster
    .filter((m) => donationsBelowMinimum(rules, m.donations))
    .map((m) => flag(m, { donations: m.donations!, minimum: rules.activity.minWeeklyDonations! }));
}
