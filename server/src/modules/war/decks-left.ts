import { battleDayOf } from './calendar.js';
import type { BattleDay, RiverRaceSnapshot } from './types.js';

export interface DecksLeft {
  day: BattleDay;
  /** current members with decks left, grouped by decks used so far (0…3) */
  groups: { used: 0 | 1 | 2 | 3; players: { tag: string; name: string }[] }[];
}

/**
 * Who still has war decks to play today, from a fresh snapshot (docs/decisions/035-war-reminders.md).
 * Null when a reminder has nothing to say: a training day, a race the clan already finished, or a
 * battle day on which every member has used all four decks. A member missing from `participants`
 * has used none here; `elsewhere` holds what the family's other clans saw of today (a member who moved in after
 * playing there is not asked again: the day's count is the player's, docs/war-tracking.md §5).
 */
export function decksLeftToday(
  snapshot: RiverRaceSnapshot,
  roster: readonly { tag: string; name: string }[],
  elsewhere: readonly RiverRaceSnapshot[] = [],
): DecksLeft | null {
  const day = battleDayOf(snapshot.periodIndex);
  if (day === null || snapshot.finishTime !== null) return null;
  const usedToday = new Map<string, number>();
  const today = elsewhere.filter((s) => s.seasonId === snapshot.seasonId && s.periodIndex === snapshot.periodIndex);
  for (const s of [snapshot, ...today])
    for (const p of s.participants) usedToday.set(p.tag, Math.max(usedToday.get(p.tag) ?? 0, p.decksUsedToday));
  const groups = ([0, 1, 2, 3] as const)
    .map((used) => ({
      used,
      players: roster
        .filter((m) => Math.min(4, usedToday.get(m.tag) ?? 0) === used)
        .map((m) => ({ tag: m.tag, name: m.name }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.tag.localeCompare(b.tag)),
    }))
    .filter((g) => g.players.length > 0);
  return groups.length === 0 ? null : { day, groups };
}
