import { DECKS_PER_DAY } from '#server/lib/river-race-rules';
import { playScenario } from './scenario.js';
import type { Pace } from './pace.js';
import type { ProjectionInput } from './types.js';

/**
 * The simple live-pace model the projection is measured against (docs/war-tracking.md "Where the race will end"):
 * medals per deck so far × the decks left if every player plays all four, or, before any deck says a pace, this
 * week's medals per closed day; no history, no spread. Played once under the same rules. Pure.
 */
export function baselinePlaces(input: ProjectionInput): { tag: string; final: number; place: number }[] {
  const paces = input.clans.map((c): Pace => {
    const days = input.weekDays.get(c.tag) ?? [];
    const perDeck = c.decksUsed > 0 ? c.medals / c.decksUsed : null;
    const full = c.players * DECKS_PER_DAY;
    const weekPace = days.length ? days.reduce((n, d) => n + d.medals, 0) / days.length : 0;
    const day = perDeck !== null && full > 0 ? perDeck * full : weekPace;
    const rest = perDeck !== null ? perDeck * Math.max(0, full - c.decksUsedToday) : day * (1 - input.dayElapsed);
    const defenses = days.filter((d) => d.medals > 0).map((d) => d.defense);
    return {
      tag: c.tag,
      rest: { mid: rest, sd: 0 },
      day: { mid: day, sd: 0, samples: [] },
      defense: defenses.length ? defenses.reduce((a, b) => a + b, 0) / defenses.length : 0,
      perDeck,
      decksPerDay: full,
    };
  });
  const s = playScenario(input, paces, () => 0.5);
  return input.clans.map((c, i) => ({ tag: c.tag, final: s.fameAt[i]!.at(-1)!, place: s.place[i]! }));
}
