import type { Simulator } from '../../src/simulator/index.js';

/**
 * Where the simulator's own ledger ends a clan's race week: every battle day played out by its race model
 * (docs/clash-royale-api.md §7.4), the clans over the line first by the close they crossed at, the others by their
 * boat after the last close; the final fame as the log gives it (10,000 for a finisher). The projection's code is
 * not used.
 */
export function simulatedWeekEnd(
  sim: Simulator,
  week: { seasonId: number; sectionIndex: number },
  clanTag = sim.state.clanTag,
): Map<string, { place: number; fame: number }> {
  const race = sim.state.clanState(clanTag)!.race;
  const days = race.closedDays(week.seasonId, week.sectionIndex, Number.MAX_SAFE_INTEGER);
  const finishes = race.finishes(week.seasonId, week.sectionIndex, days);
  const last = days.at(-1)!.boats;
  const key = (tag: string) => {
    const f = finishes.get(tag);
    return f ? f.closedAt - 1e15 : -last.get(tag)!;
  };
  const out = new Map<string, { place: number; fame: number }>();
  for (const tag of last.keys()) {
    const place = [...last.keys()].filter((t) => key(t) < key(tag)).length + 1;
    out.set(tag, { place, fame: finishes.has(tag) ? 10_000 : last.get(tag)! });
  }
  return out;
}
