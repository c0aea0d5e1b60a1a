import { DAY_MS, periodIndexOf } from './calendar.js';
import { boundaryTotals, decksRange } from './deck-totals.js';
import type { BattleDay, RiverRaceLogWeek, RiverRaceSnapshot, RosterMember } from './types.js';

export type DeckStatus = 'inactive' | 'ok' | 'joined-during-day' | 'uncertain';

export interface DeckReportPlayer {
  tag: string;
  name: string;
  /** decks used that day (0–4); for 'uncertain' the least the data proves */
  decksUsed: number;
  /** equals decksUsed unless 'uncertain' */
  maxDecksUsed: number;
  status: DeckStatus;
}

export interface DeckReport {
  sectionIndex: number;
  day: BattleDay;
  /** true when every reported player's count is exact (no 'uncertain' player) */
  complete: boolean;
  players: DeckReportPlayer[];
}

export interface DeckReportInput {
  sectionIndex: number;
  /** when set, snapshots of another season are ignored (a null snapshot season is accepted) */
  seasonId?: number | null;
  day: BattleDay;
  /** stored snapshots; those of other weeks are ignored */
  snapshots: readonly RiverRaceSnapshot[];
  /** the week's riverracelog item, needed for battle day 4 */
  logWeek?: RiverRaceLogWeek | null;
  /** current members only: leavers are never reported (docs/war-tracking.md) */
  roster: readonly RosterMember[];
  /** the Monday reset that began the week (previous log item's createdDate), when known */
  weekStartAt?: Date | null;
}

/**
 * Exact decks used per current member on one battle day (docs/war-tracking.md). A member first seen
 * after the day's reset is 'joined-during-day'; a count the stored data cannot pin down is
 * 'uncertain' with the proven range instead of a guess.
 */
export function buildDeckReport(input: DeckReportInput): DeckReport {
  const { sectionIndex, day } = input;
  const period = periodIndexOf(sectionIndex, day);
  const week = input.snapshots.filter(
    (s) =>
      s.sectionIndex === sectionIndex &&
      s.periodIndex >= 7 * sectionIndex &&
      s.periodIndex < 7 * sectionIndex + 7 &&
      (input.seasonId == null || s.seasonId == null || s.seasonId === input.seasonId),
  );
  const boundaries = boundaryTotals(sectionIndex, week, input.logWeek ?? null);
  const usedToday = usedTodayDuring(week, period);
  const resetAt = estimateResetAt(
    week,
    period,
    input.weekStartAt ? new Date(input.weekStartAt.getTime() + (day + 2) * DAY_MS) : null,
  );

  const players = input.roster.map((member): DeckReportPlayer => {
    const { min, max } = decksRange(member.tag, day, boundaries, usedToday.get(member.tag) ?? 0);
    const joined = resetAt !== null && member.firstSeenAt > resetAt;
    const status: DeckStatus = min === 4 ? 'ok' : joined ? 'joined-during-day' : min === max ? 'inactive' : 'uncertain';
    return { tag: member.tag, name: member.name, decksUsed: min, maxDecksUsed: max, status };
  });
  players.sort((a, b) => a.decksUsed - b.decksUsed || a.name.localeCompare(b.name) || a.tag.localeCompare(b.tag));
  return { sectionIndex, day, complete: players.every((p) => p.status !== 'uncertain'), players };
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
 * When the day's reset happened. The reset clock of the week's start (`nominal`) is the best
 * estimate (stable within a season, docs/clash-royale-api.md §7.2); the snapshots bound it: it came after
 * the last poll of an earlier period and no later than the first poll of this one. Without a
 * nominal time, the last earlier poll is used: a member not seen by then is given the benefit
 * of the doubt as a joiner rather than reported inactive.
 */
export function estimateResetAt(
  snapshots: readonly RiverRaceSnapshot[],
  periodIndex: number,
  nominal: Date | null,
): Date | null {
  let lastBefore: Date | null = null;
  let firstIn: Date | null = null;
  for (const s of snapshots) {
    if (s.periodIndex < periodIndex && (!lastBefore || s.takenAt > lastBefore)) lastBefore = s.takenAt;
    if (s.periodIndex >= periodIndex && (!firstIn || s.takenAt < firstIn)) firstIn = s.takenAt;
  }
  let reset = nominal ?? lastBefore ?? firstIn;
  if (reset && firstIn && reset > firstIn) reset = firstIn;
  if (reset && lastBefore && reset < lastBefore) reset = lastBefore;
  return reset;
}
