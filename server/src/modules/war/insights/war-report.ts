import type { MemberRole, WarRules } from '#contracts/war-rules';
import {
  belowFame as isBelowFame,
  daysAwayPastLimit,
  daysOf,
  donationsBelowMinimum,
  fameMinimum,
  missedAttacks as missedOf,
  promotionRun,
  type JudgedDay,
  type WarDay,
} from './rules.js';

export type { WarDay };

/** One finished war week of the clan, as river_race_data stores it. */
export interface WarWeek {
  seasonId: number;
  sectionIndex: number;
  /** the Monday reset that closed the week */
  createdDate: Date;
  participants: { tag: string; name: string; fame: number; decksUsed: number }[];
}

/** A stretch of a member in one clan (member_stints). */
export interface Stint {
  clanTag: string;
  joinedAt: Date;
  leftAt: Date | null;
}

export interface RosterEntry {
  tag: string;
  name: string;
  role: MemberRole;
  /** when ClanOps first saw the member (this stint) */
  firstSeenAt: Date;
  /** every stint in the clan, this one included: a member who left and came back is judged on the week they began in */
  stints?: readonly Stint[];
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

/** A member's battle day as the rules read it (rules.ts). */
export type DayDecks = JudgedDay;

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

/**
 * The clan's own rules (rules.ts) applied to its own data for the newest finished war (docs/war-insights.md).
 * Pure: stored weeks, reported days (excuses applied), the current roster and each member's excused dates in, lists
 * with their evidence out. A day the data leaves open counts only what is certain (a range 2–4 misses nothing for sure).
 */
export function buildWarReport(input: {
  rules: WarRules;
  /** newest first */
  weeks: readonly WarWeek[];
  days: readonly WarDay[];
  roster: readonly RosterEntry[];
  now: Date;
  /** UTC dates an approved absence covers, per member (the days-away rule passes over them) */
  excusedDates?: ReadonlyMap<string, ReadonlySet<string>>;
}): WarReport {
  const { rules, weeks, roster, now } = input;
  const newest = weeks[0];
  const away = awayTooLong(rules, roster, now, input.excusedDates ?? new Map());
  const empty: WarReport = {
    war: null,
    promotionCandidates: [],
    belowFame: [],
    missedAttacks: [],
    awayTooLong: away,
    lowDonations: lowDonations(rules, roster),
    notWholeWar: [],
  };
  if (!newest) return empty;
  const whole = roster.filter((m) => inWholeWar(m, newest));
  const partial = roster.filter((m) => !inWholeWar(m, newest));
  const ranks = weeks.map(rankWeek);
  const daysIn = (w: WarWeek, tag: string) =>
    daysOf(
      tag,
      input.days.filter((d) => d.seasonId === w.seasonId && d.sectionIndex === w.sectionIndex),
      rules.attacksPerDay,
    );

  const promotionCandidates = whole
    .filter((m) => (rules.promotion.fromRoles as readonly string[]).includes(m.role))
    .map((m) => ({
      m,
      run: promotionRun(
        rules,
        weeks.map((w, i) => ({
          week: placeOf(w, ranks[i]!, m.tag),
          rank: ranks[i]!.get(m.tag) ?? null,
          excused: daysIn(w, m.tag).some((d) => d.note === 'excused'),
        })),
      ),
    }))
    .flatMap(({ m, run }) =>
      run
        ? [
            flag(
              m,
              run.map((r) => r.week),
            ),
          ]
        : [],
    );

  const belowFame = whole
    .map((m) => ({ m, fame: newest.participants.find((p) => p.tag === m.tag)?.fame ?? 0, days: daysIn(newest, m.tag) }))
    .filter(({ fame, days }) => isBelowFame(rules, fame, days))
    .map(({ m, fame, days }) => flag(m, { fame, minimum: fameMinimum(rules, days) }));

  const missedAttacks = whole
    .map((m) => ({ m, days: daysIn(newest, m.tag) }))
    .map(({ m, days }) => ({ m, days, ...missedOf(rules, days) }))
    .filter(({ flagged }) => flagged)
    .map(({ m, days, missed }) => flag(m, { missed, limit: rules.missedAttacksForRemoval, days }));

  return {
    ...empty,
    war: { seasonId: newest.seasonId, sectionIndex: newest.sectionIndex, createdDate: newest.createdDate },
    promotionCandidates,
    belowFame,
    missedAttacks,
    notWholeWar: partial.map((m) => flag(m, { joinedAt: m.firstSeenAt })),
  };
}

/**
 * Whether the member was in the clan when the week began (a later joiner is shown, never blamed). A member who left and
 * came back during the week still is: leaving is no way out of the report (docs/war-tracking.md §5).
 */
export function inWholeWar(m: RosterEntry, week: WarWeek): boolean {
  const start = week.createdDate.getTime() - WEEK_MS;
  return m.firstSeenAt.getTime() <= start || inAnyStintAt(m.stints ?? [], start);
}

/** Whether one of these stints covers the instant. */
export function inAnyStintAt(stints: readonly Stint[], at: number): boolean {
  return stints.some((s) => s.joinedAt.getTime() <= at && (s.leftAt === null || s.leftAt.getTime() > at));
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

function awayTooLong(
  rules: WarRules,
  roster: readonly RosterEntry[],
  now: Date,
  excusedDates: ReadonlyMap<string, ReadonlySet<string>>,
): Flagged<{ daysAway: number; limit: number }>[] {
  return roster.flatMap((m) => {
    const daysAway = daysAwayPastLimit(rules, m.lastSeen, now, excusedDates.get(m.tag));
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
