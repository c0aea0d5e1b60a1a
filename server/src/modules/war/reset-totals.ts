import { periodIndexOf } from './calendar.js';
import type { BattleDay, RiverRaceLogWeek, RiverRaceSnapshot, SnapshotParticipant } from './types.js';

/**
 * A player's week total of war decks in one clan at one daily reset, as far as that clan's snapshots tell
 * (docs/war-tracking.md §3, "Moves and returns"). `min === max` when it is known exactly.
 */
export interface ResetTotal {
  min: number;
  max: number;
}

/** One clan's observations of a war week: its snapshots (this week's and the rosters around it) and its log item. */
export interface ClanWeek {
  clanTag: string;
  snapshots: readonly RiverRaceSnapshot[];
  logWeek: RiverRaceLogWeek | null;
}

/** Whether the player was seen in, or playing for, another family clan in the open interval (from, to). */
export type SeenElsewhere = (from: Date, to: Date) => boolean;

const DECKS = 4;
const DAY_MS = 86_400_000;

/** Participants by tag, built once per snapshot: a family's day reads every snapshot for every player. */
const indexed = new WeakMap<RiverRaceSnapshot, Map<string, SnapshotParticipant>>();

export function participantOf(s: RiverRaceSnapshot, tag: string): SnapshotParticipant | undefined {
  let byTag = indexed.get(s);
  if (!byTag) {
    byTag = new Map(s.participants.map((p) => [p.tag, p]));
    indexed.set(s, byTag);
  }
  return byTag.get(tag);
}

/**
 * Start-of-day totals = decksUsed − decksUsedToday of a snapshot taken during that day (docs/war-tracking.md §3):
 * decksUsed counts the week's battle days, decksUsedToday the decks since the reset.
 */
export function startOfDayTotals(snapshot: Pick<RiverRaceSnapshot, 'participants'>): ReadonlyMap<string, number> {
  return new Map(snapshot.participants.map((p) => [p.tag, startOfDay(p.decksUsed, p.decksUsedToday)]));
}

const startOfDay = (used: number, today: number) => Math.max(0, used - today);

function entry(s: RiverRaceSnapshot, tag: string): { used: number; today: number } {
  const p = participantOf(s, tag);
  return { used: p?.decksUsed ?? 0, today: p?.decksUsedToday ?? 0 };
}

export function inWeek(s: RiverRaceSnapshot, seasonId: number, sectionIndex: number): boolean {
  return s.seasonId === seasonId && s.sectionIndex === sectionIndex && Math.floor(s.periodIndex / 7) === sectionIndex;
}

/** The newest snapshot with a roster taken before `period` began (any week before it counts). */
export function rosterBefore(snapshots: readonly RiverRaceSnapshot[], seasonId: number, period: number) {
  let best: RiverRaceSnapshot | null = null;
  for (const s of snapshots) {
    if (s.memberTags === null || !(s.seasonId < seasonId || (s.seasonId === seasonId && s.periodIndex < period)))
      continue;
    if (!best || s.takenAt > best.takenAt) best = s;
  }
  return best;
}

/** The oldest snapshot of the race taken during `period` itself. */
function firstDuring(week: readonly RiverRaceSnapshot[], period: number): RiverRaceSnapshot | null {
  let best: RiverRaceSnapshot | null = null;
  for (const s of week)
    if (s.periodIndex === period && s.participants.length > 0 && (!best || s.takenAt < best.takenAt)) best = s;
  return best;
}

/**
 * The player's total in this clan at the reset that begins battle day `day` (day 5: the week's end), for `tag`.
 *
 * Sound bounds from every snapshot of the week: the total only grows, by at most 4 a day, and only while the player is
 * a member; a snapshot during a day holds the total then (`decksUsed`) and the decks of the day so far in every clan
 * (`decksUsedToday`, so `decksUsed − decksUsedToday` is never above the total at that day's reset). The week's end is
 * the log item's `decksUsed`.
 *
 * Exact from the day's first snapshot when the player was seen nowhere else in the family between the clan's last look
 * before the reset and that snapshot: every deck of the day so far was then played here (a member in the same stint
 * as the reset), or none was (out of the clan on both sides: a leaver's entry keeps what it had, with the day's count
 * as it was when they left). A return after decks in another family clan shows there, and leaves a range.
 */
export function totalAtReset(
  clan: ClanWeek,
  key: { seasonId: number; sectionIndex: number },
  day: BattleDay | 5,
  tag: string,
  seenElsewhere: SeenElsewhere,
): ResetTotal {
  if (day === 1) return { min: 0, max: 0 };
  const week = clan.snapshots.filter((s) => inWeek(s, key.seasonId, key.sectionIndex));
  const log = clan.logWeek?.seasonId === key.seasonId && clan.logWeek.sectionIndex === key.sectionIndex;
  const logUsed = log ? (clan.logWeek!.participants.find((p) => p.tag === tag)?.decksUsed ?? 0) : null;
  if (day === 5 && logUsed !== null) return { min: logUsed, max: logUsed };
  const period = day === 5 ? periodIndexOf(key.sectionIndex, 4) + 1 : periodIndexOf(key.sectionIndex, day);
  let min = 0;
  let max = DECKS * (day - 1);
  const battle = (p: number) => p >= periodIndexOf(key.sectionIndex, 1);
  for (const s of week) {
    // a look at the roster alone (no race in it) says nothing of the totals
    if (s.participants.length === 0) continue;
    const { used, today } = entry(s, tag);
    if (s.periodIndex < period) {
      min = Math.max(min, used);
      if (battle(s.periodIndex)) max = Math.min(max, used + (DECKS - today) + DECKS * (period - s.periodIndex - 1));
    } else {
      max = Math.min(max, used);
      min = Math.max(min, used - today - DECKS * (s.periodIndex - period));
    }
  }
  if (logUsed !== null) {
    max = Math.min(max, logUsed);
    min = Math.max(min, logUsed - DECKS * (5 - day));
  }
  const exact =
    day === 5
      ? frozenAtWeekEnd(clan.snapshots, week, key.seasonId, period, tag)
      : exactAtReset(clan.snapshots, week, key.seasonId, period, tag, seenElsewhere);
  if (exact !== null && exact >= min && exact <= max) return { min: exact, max: exact };
  return { min, max: Math.max(min, max) };
}

function exactAtReset(
  all: readonly RiverRaceSnapshot[],
  week: readonly RiverRaceSnapshot[],
  seasonId: number,
  period: number,
  tag: string,
  seenElsewhere: SeenElsewhere,
): number | null {
  const first = firstDuring(week, period);
  if (!first) return null;
  // From the last look before the reset (or a day before the first look after it, on a fresh install).
  const from = rosterBefore(all, seasonId, period)?.takenAt ?? new Date(first.takenAt.getTime() - DAY_MS);
  if (seenElsewhere(from, first.takenAt)) return null;
  const { used, today } = entry(first, tag);
  return startOfDay(used, today);
}

/**
 * The week's end without the log item: a player out of the clan at its last look of the week and at its first look
 * after the week's end played nothing here in between, so their total stayed what that last look shows.
 */
function frozenAtWeekEnd(
  all: readonly RiverRaceSnapshot[],
  week: readonly RiverRaceSnapshot[],
  seasonId: number,
  end: number,
  tag: string,
): number | null {
  const last = rosterBefore(week, seasonId, end);
  let next: RiverRaceSnapshot | null = null;
  for (const s of all)
    if (s.memberTags !== null && (s.seasonId > seasonId || (s.seasonId === seasonId && s.periodIndex >= end)))
      if (!next || s.takenAt < next.takenAt) next = s;
  if (!last || !next || last.participants.length === 0) return null;
  return last.memberTags!.includes(tag) || next.memberTags!.includes(tag) ? null : entry(last, tag).used;
}

/** Decks used in this clan on `day`: the difference of the totals at its two resets, at most 4. */
export function decksInClan(
  clan: ClanWeek,
  key: { seasonId: number; sectionIndex: number; day: BattleDay },
  tag: string,
  seenElsewhere: SeenElsewhere,
): ResetTotal {
  const start = totalAtReset(clan, key, key.day, tag, seenElsewhere);
  const end = totalAtReset(clan, key, (key.day + 1) as BattleDay | 5, tag, seenElsewhere);
  const min = Math.min(DECKS, Math.max(0, end.min - start.max));
  return { min, max: Math.max(min, Math.min(DECKS, end.max - start.min)) };
}
