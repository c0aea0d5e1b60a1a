import { periodIndexOf } from './calendar.js';
import { presenceAtDayStart, type Presence } from './day-presence.js';
import {
  decksInClan,
  inWeek,
  participantOf,
  rosterBefore,
  type ClanWeek,
  type ResetTotal,
  type SeenElsewhere,
} from './reset-totals.js';
import type { RiverRaceSnapshot } from './types.js';
import { comparePositions, type BattleDayKey } from './war-days.js';

/**
 * Whose battle day it is (docs/war-tracking.md §5, "One day, one clan"): a player's day is judged in the family clan
 * they were in at that day's reset, counting the decks they played that day in every family clan. Decks the counters
 * show beyond the family's are shown, never counted.
 */
export interface PlayerDay {
  tag: string;
  /** the clan whose last roster before the reset held the player (the latest such roster); null: none did */
  judgedIn: string | null;
  /** decks of the day in every family clan together, at most 4 */
  decks: ResetTotal;
  /** each family clan the player used decks in that day (or may have), this clan's included */
  parts: { clanTag: string; decks: ResetTotal }[];
  /** decks the day's counters prove were used outside the family (at least) */
  outside: number;
}

const DECKS = 4;

/** Presence of the player in each clan at the day's reset, from each clan's rosters on both sides of it. */
export function presenceIn(clan: ClanWeek, key: BattleDayKey): { at: (tag: string) => Presence; before: Date | null } {
  const period = periodIndexOf(key.sectionIndex, key.day);
  const start = { seasonId: key.seasonId, sectionIndex: key.sectionIndex, periodIndex: period };
  const before = rosterBefore(clan.snapshots, key.seasonId, period);
  let after: RiverRaceSnapshot | null = null;
  for (const s of clan.snapshots) {
    if (s.memberTags === null || comparePositions(s, start) < 0) continue;
    if (!after || s.takenAt < after.takenAt) after = s;
  }
  return { at: presenceAtDayStart(before, after), before: before?.takenAt ?? null };
}

/** Was the player in another clan's roster, or did their total there grow, within (from, to)? */
function elsewhereIn(weeks: readonly (readonly RiverRaceSnapshot[])[], tag: string): SeenElsewhere {
  return (from, to) =>
    weeks.some((week) =>
      week.some((s, i) => {
        if (s.takenAt > from && s.takenAt < to && s.memberTags?.includes(tag)) return true;
        const next = week[i + 1];
        if (!next || next.takenAt <= from || s.takenAt >= to) return false;
        return (participantOf(next, tag)?.decksUsed ?? 0) > (participantOf(s, tag)?.decksUsed ?? 0);
      }),
    );
}

/** The day of each player, read across the family's clans (one clan: the clan alone). */
export function judgeFamilyDay(clans: readonly ClanWeek[], key: BattleDayKey, tags: Iterable<string>) {
  const presences = clans.map((c) => ({ clanTag: c.clanTag, ...presenceIn(c, key) }));
  const period = periodIndexOf(key.sectionIndex, key.day);
  // each clan's snapshots of the week in time order, for telling whether a player was elsewhere meanwhile
  const weeks = clans.map((c) =>
    c.snapshots
      .filter((s) => inWeek(s, key.seasonId, key.sectionIndex))
      .sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime()),
  );
  const days = new Map<string, PlayerDay>();
  for (const tag of tags) {
    let judgedIn: string | null = null;
    let latest = -Infinity;
    for (const p of presences) {
      if (p.at(tag) !== 'present' || p.before === null) continue;
      if (p.before.getTime() > latest) [judgedIn, latest] = [p.clanTag, p.before.getTime()];
    }
    const parts = clans
      .map((c, k) => ({
        clanTag: c.clanTag,
        decks: decksInClan(
          c,
          key,
          tag,
          elsewhereIn(
            weeks.filter((_, j) => j !== k),
            tag,
          ),
        ),
      }))
      .filter((p) => p.decks.max > 0 || p.clanTag === judgedIn);
    const min = Math.min(
      DECKS,
      parts.reduce((n, p) => n + p.decks.min, 0),
    );
    const max = Math.min(
      DECKS,
      parts.reduce((n, p) => n + p.decks.max, 0),
    );
    const decks = { min, max: Math.max(min, max) };
    days.set(tag, { tag, judgedIn, decks, parts, outside: outside(weeks, tag, period, decks.max) });
  }
  return days;
}

/** Decks of the day counted in a snapshot's `decksUsedToday` beyond everything the family clans can hold. */
function outside(weeks: readonly (readonly RiverRaceSnapshot[])[], tag: string, period: number, familyMax: number) {
  let today = 0;
  for (const week of weeks)
    for (const s of week)
      if (s.periodIndex === period) today = Math.max(today, participantOf(s, tag)?.decksUsedToday ?? 0);
  return Math.max(0, Math.min(DECKS, today) - familyMax);
}
