import { periodIndexOf } from './calendar.js';
import { presenceAtDayStart } from './day-presence.js';
import { boundaryTotals, decksRange, type DeckTotals } from './deck-totals.js';
import { finishedBeforeDay } from './race-finish.js';
import type { BattleDay, PeriodLog, RiverRaceLogWeek, RiverRaceSnapshot } from './types.js';
import { comparePositions, type RacePosition } from './war-days.js';

/**
 * inactive: fewer than 4 decks, exactly or within a range whose top is below 4.
 * uncertain: the stored data cannot tell whether all 4 were used (range reaching 4).
 * joined-during-day: not in the clan when the day began. untracked: whether they were in the clan
 * when the day began was never observed (docs/war-tracking.md §5). excused: a leader approved an
 * absence covering the day (docs/decisions/081-excused-absences.md). None of these is judged.
 */
export type DeckStatus = 'inactive' | 'ok' | 'joined-during-day' | 'uncertain' | 'untracked' | 'excused';

export interface DeckReportPlayer {
  tag: string;
  name: string;
  /** decks used that day (0–4): exact, or the least the data proves */
  decksUsed: number;
  /** equals decksUsed when exact; the most the data allows otherwise */
  maxDecksUsed: number;
  status: DeckStatus;
  /** why an excused member was excused ("holiday"), when the leader gave a reason */
  excuse?: string | null;
}

export interface DeckReport {
  seasonId: number;
  sectionIndex: number;
  day: BattleDay;
  /** the day started after the clan had crossed the finish line: nobody is blamed */
  raceFinished: boolean;
  /** true when no player is 'uncertain' */
  complete: boolean;
  players: DeckReportPlayer[];
}

export interface DeckReportInput {
  seasonId: number;
  sectionIndex: number;
  day: BattleDay;
  /**
   * stored snapshots: deck totals come from the week's own; the rosters seen just before and
   * after the day's reset and the clan's closed-day log may come from any week of the season
   */
  snapshots: readonly RiverRaceSnapshot[];
  /** the week's riverracelog item, needed for battle day 4 (ignored unless season and week match) */
  logWeek?: RiverRaceLogWeek | null;
  /** the current members: leavers are never reported (docs/war-tracking.md) */
  roster: readonly { tag: string; name: string }[];
  /** members excused for this day by an approved absence, with its reason */
  excused?: ReadonlyMap<string, string | null>;
}

/**
 * Decks used per current member on one battle day (docs/war-tracking.md). Counts come from
 * start-of-day totals; a member the snapshots do not show in the clan at the day's reset joined
 * during the day; a range the data cannot narrow below 4 is 'uncertain', never a guess.
 */
export function buildDeckReport(input: DeckReportInput): DeckReport {
  const { seasonId, sectionIndex, day } = input;
  const period = periodIndexOf(sectionIndex, day);
  const week = input.snapshots.filter(
    (s) => s.seasonId === seasonId && s.sectionIndex === sectionIndex && Math.floor(s.periodIndex / 7) === sectionIndex,
  );
  const logWeek =
    input.logWeek && input.logWeek.seasonId === seasonId && input.logWeek.sectionIndex === sectionIndex
      ? input.logWeek
      : null;
  const boundaries = boundaryTotals(sectionIndex, week, logWeek);
  const usedToday = usedTodayDuring(week, period, startOfDay(boundaries, day));
  const start: RacePosition = { seasonId, sectionIndex, periodIndex: period };
  const presence = presenceAtDayStart(...rostersAround(input.snapshots, start));

  const players = input.roster.map((member): DeckReportPlayer => {
    const { min, max } = decksRange(member.tag, day, boundaries, usedToday.get(member.tag) ?? 0);
    const at = presence(member.tag);
    const excused = input.excused?.has(member.tag) ?? false;
    const status: DeckStatus =
      min === 4
        ? 'ok'
        : excused
          ? 'excused'
          : at === 'joined'
            ? 'joined-during-day'
            : at === 'untracked'
              ? 'untracked'
              : max < 4
                ? 'inactive'
                : 'uncertain';
    const player = { tag: member.tag, name: member.name, decksUsed: min, maxDecksUsed: max, status };
    return status === 'excused' ? { ...player, excuse: input.excused!.get(member.tag) ?? null } : player;
  });
  players.sort((a, b) => a.decksUsed - b.decksUsed || a.name.localeCompare(b.name) || a.tag.localeCompare(b.tag));
  return {
    seasonId,
    sectionIndex,
    day,
    raceFinished: finishedBeforeDay(sectionIndex, day, seasonDayLogs(input.snapshots, seasonId), logWeek),
    complete: players.every((p) => p.status !== 'uncertain'),
    players,
  };
}

/** The newest roster seen before the day's reset and the first seen at or after it, from any week. */
function rostersAround(
  snapshots: readonly RiverRaceSnapshot[],
  start: RacePosition,
): [RiverRaceSnapshot | null, RiverRaceSnapshot | null] {
  let before: RiverRaceSnapshot | null = null;
  let after: RiverRaceSnapshot | null = null;
  for (const s of snapshots) {
    if (s.memberTags === null) continue;
    if (comparePositions(s, start) < 0) {
      if (!before || s.takenAt > before.takenAt) before = s;
    } else if (!after || s.takenAt < after.takenAt) after = s;
  }
  return [before, after];
}

/** The clan's closed days of the season, each as the newest snapshot showing it saw it. */
function seasonDayLogs(snapshots: readonly RiverRaceSnapshot[], seasonId: number): PeriodLog[] {
  const byPeriod = new Map<number, { at: Date; log: PeriodLog }>();
  for (const s of snapshots) {
    if (s.seasonId !== seasonId) continue;
    for (const log of s.periodLogs) {
      const known = byPeriod.get(log.periodIndex);
      if (!known || s.takenAt > known.at) byPeriod.set(log.periodIndex, { at: s.takenAt, log });
    }
  }
  return [...byPeriod.values()].map((v) => v.log);
}

/** The totals at the nearest known boundary at or before the day's start (boundary 0 is always known). */
function startOfDay(boundaries: ReadonlyMap<number, DeckTotals>, day: BattleDay): DeckTotals {
  let low = day - 1;
  while (!boundaries.has(low)) low -= 1;
  return boundaries.get(low)!;
}

/**
 * Highest count of today's decks seen per player in snapshots taken during the period, counting only decks this clan
 * got. `decksUsedToday` is the player's count of the day in every clan: a member who moved in from another clan that
 * day brings the decks played there (docs/decisions/102-simulated-family.md), which this clan's `decksUsed` does not
 * hold. Today's decks here are at most `decksUsed` minus the week's total at a boundary before the day; for a player
 * who did not move that bound is never below `decksUsedToday`, so nothing changes for them.
 */
function usedTodayDuring(
  snapshots: readonly RiverRaceSnapshot[],
  periodIndex: number,
  before: DeckTotals,
): Map<string, number> {
  const used = new Map<string, number>();
  for (const s of snapshots) {
    if (s.periodIndex !== periodIndex) continue;
    for (const p of s.participants) {
      const here = Math.min(p.decksUsedToday, Math.max(0, p.decksUsed - (before.get(p.tag) ?? 0)));
      used.set(p.tag, Math.max(used.get(p.tag) ?? 0, here));
    }
  }
  return used;
}
