import { periodIndexOf } from './calendar.js';
import { boundaryTotals, decksRange } from './deck-totals.js';
import type { BattleDay, RiverRaceLogWeek, RiverRaceSnapshot } from './types.js';

/**
 * inactive: fewer than 4 decks, exactly or within a range whose top is below 4.
 * uncertain: the stored data cannot tell whether all 4 were used (range reaching 4).
 */
export type DeckStatus = 'inactive' | 'ok' | 'joined-during-day' | 'uncertain';

export interface DeckReportPlayer {
  tag: string;
  name: string;
  /** decks used that day (0–4): exact, or the least the data proves */
  decksUsed: number;
  /** equals decksUsed when exact; the most the data allows otherwise */
  maxDecksUsed: number;
  status: DeckStatus;
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
  /** stored snapshots; those of other weeks are ignored */
  snapshots: readonly RiverRaceSnapshot[];
  /** the week's riverracelog item, needed for battle day 4 (ignored unless season and week match) */
  logWeek?: RiverRaceLogWeek | null;
  /** the current members: leavers are never reported (docs/war-tracking.md) */
  roster: readonly { tag: string; name: string }[];
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
  const usedToday = usedTodayDuring(week, period);
  const joined = joinersOf(week, period);

  const players = input.roster.map((member): DeckReportPlayer => {
    const { min, max } = decksRange(member.tag, day, boundaries, usedToday.get(member.tag) ?? 0);
    const status: DeckStatus =
      min === 4 ? 'ok' : joined(member.tag) ? 'joined-during-day' : max < 4 ? 'inactive' : 'uncertain';
    return { tag: member.tag, name: member.name, decksUsed: min, maxDecksUsed: max, status };
  });
  players.sort((a, b) => a.decksUsed - b.decksUsed || a.name.localeCompare(b.name) || a.tag.localeCompare(b.tag));
  return {
    seasonId,
    sectionIndex,
    day,
    raceFinished: finishedBefore(input.snapshots, seasonId, period, week, logWeek),
    complete: players.every((p) => p.status !== 'uncertain'),
    players,
  };
}

/** Highest decksUsedToday seen per player in snapshots taken during the period. */
function usedTodayDuring(snapshots: readonly RiverRaceSnapshot[], periodIndex: number): Map<string, number> {
  const used = new Map<string, number>();
  for (const s of snapshots) {
    if (s.periodIndex !== periodIndex) continue;
    for (const p of s.participants) used.set(p.tag, Math.max(used.get(p.tag) ?? 0, p.decksUsedToday));
  }
  return used;
}

/**
 * Who joined during the day: absent from a roster seen after the day's reset, or from the last
 * roster seen before it (they may have arrived just before or just after the reset, so they get
 * the benefit of the doubt). With no roster seen before the day, members seen all day were there.
 */
export function joinersOf(week: readonly RiverRaceSnapshot[], periodIndex: number): (tag: string) => boolean {
  const during = week.filter((s) => s.periodIndex === periodIndex && s.memberTags !== null);
  let before: RiverRaceSnapshot | null = null;
  for (const s of week) {
    if (s.periodIndex < periodIndex && s.memberTags !== null && (!before || s.takenAt > before.takenAt)) before = s;
  }
  const rosters = [...during, ...(before ? [before] : [])].map((s) => new Set(s.memberTags));
  return (tag) => rosters.some((r) => !r.has(tag));
}

/**
 * Did the day start after the clan crossed the finish line? The clan's day log says so
 * (endOfDayRank −1 once finished); for day 4 the week's log item gives the finish time; a
 * snapshot during the day showing a finish time also proves it (docs/clash-royale-api.md §7.4).
 */
function finishedBefore(
  all: readonly RiverRaceSnapshot[],
  seasonId: number,
  periodIndex: number,
  week: readonly RiverRaceSnapshot[],
  logWeek: RiverRaceLogWeek | null,
): boolean {
  for (const s of all) {
    if (s.seasonId !== seasonId) continue;
    const entry = s.periodLogs.find((l) => l.periodIndex === periodIndex);
    if (entry) return entry.endOfDayRank < 0;
  }
  if (logWeek && periodIndex % 7 === 6) return logWeek.finishTime !== null && logWeek.finishTime < logWeek.createdDate;
  return week.some((s) => s.periodIndex === periodIndex && s.finishTime !== null);
}
