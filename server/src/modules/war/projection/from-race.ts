import { DECKS_PER_DAY, MAX_PLAYERS_PER_DAY } from '#server/lib/river-race-rules';
import { battleDayOf, DAY_MS } from '../calendar.js';
import type { ClosedDay, ProjectionClan, ProjectionInput } from './types.js';

/** The live race as the Clash Royale client answers it (only the fields the projection reads). */
export interface LiveRace {
  periodIndex: number;
  periodType: string;
  sectionIndex: number;
  clans: readonly {
    tag: string;
    name: string;
    fame: number;
    periodPoints: number;
    finishTime: Date | null;
    participants: readonly { tag: string; fame: number; decksUsed: number; decksUsedToday: number }[];
  }[];
  periodLogs: readonly {
    periodIndex: number;
    items: readonly {
      clan: { tag: string };
      pointsEarned: number;
      endOfDayRank: number;
      progressEarnedFromDefenses: number;
    }[];
  }[];
}

/** A finish time before 2000 is the API's "not crossed" sentinel (docs/clash-royale-api.md §5). */
const crossedAt = (t: Date | null) => (t && t.getTime() > Date.UTC(2000, 0, 1) ? t : null);

/**
 * The projection's input from one poll of `currentriverrace` (pure): this week's closed days and the season's
 * earlier battle days of all five clans come from its `periodLogs` (a day a clan spent over the line, rank −1 and no
 * medals, says nothing of its pace and is left out). Null on training days. `members` are our clan's players now.
 */
export function projectionInput(
  race: LiveRace,
  opts: { ourTag: string; members: readonly string[]; now: Date; nextReset: Date },
): ProjectionInput | null {
  const day = battleDayOf(race.periodIndex);
  if (day === null) return null;
  const mode = race.periodType === 'colosseum' ? 'colosseum' : 'normal';
  const weekStart = race.periodIndex - (day - 1);
  const weekDays = new Map<string, ClosedDay[]>();
  const history = new Map<string, number[]>();
  const logs = [...race.periodLogs].sort((a, b) => a.periodIndex - b.periodIndex);
  for (const log of logs) {
    for (const item of log.items) {
      if (item.endOfDayRank < 0 && item.pointsEarned === 0) continue;
      const tag = item.clan.tag;
      if (log.periodIndex >= weekStart && log.periodIndex < race.periodIndex) {
        weekDays.set(tag, [
          ...(weekDays.get(tag) ?? []),
          { medals: item.pointsEarned, defense: item.progressEarnedFromDefenses },
        ]);
      } else if (log.periodIndex < weekStart) history.set(tag, [...(history.get(tag) ?? []), item.pointsEarned]);
    }
  }
  const members = new Set(opts.members);
  const clans = race.clans.map((c): ProjectionClan => {
    const decksUsed = c.participants.reduce((n, p) => n + p.decksUsed, 0);
    const decksUsedToday = c.participants.reduce((n, p) => n + Math.min(DECKS_PER_DAY, p.decksUsedToday), 0);
    const medals = c.participants.reduce((n, p) => n + p.fame, 0);
    const players =
      c.tag === opts.ourTag && members.size > 0
        ? members.size
        : c.participants.filter((p) => p.decksUsed > 0 || p.decksUsedToday > 0).length;
    if (mode === 'colosseum' && day > 1 && decksUsed > 0) {
      // Colosseum days are not logged (§7.5): the days before today share the week's medals by their decks.
      const before = (medals * (decksUsed - decksUsedToday)) / decksUsed;
      weekDays.set(
        c.tag,
        Array.from({ length: day - 1 }, () => ({ medals: before / (day - 1), defense: 0 })),
      );
    }
    return {
      tag: c.tag,
      name: c.name,
      fame: c.fame,
      periodPoints: c.periodPoints,
      finishTime: crossedAt(c.finishTime),
      decksUsed,
      decksUsedToday,
      medals,
      players: Math.min(players, MAX_PLAYERS_PER_DAY),
    };
  });
  const left = (opts.nextReset.getTime() - opts.now.getTime()) / DAY_MS;
  const dayElapsed = Math.min(1, Math.max(0, 1 - left));
  return { mode, day, nextReset: opts.nextReset, dayElapsed, clans, weekDays, history, ourTag: opts.ourTag };
}
