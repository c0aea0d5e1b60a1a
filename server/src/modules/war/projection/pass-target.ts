import { DECKS_PER_DAY, MAX_PLAYERS_PER_DAY, MEDALS_1V1 } from '#server/lib/river-race-rules';
import { closesLeft } from './scenario.js';
import type { Pace } from './pace.js';
import type { ClanProjection, PassTarget, ProjectionInput } from './types.js';

/** Medals are counted in steps of 25 (docs/clash-royale-api.md §7.4). */
const STEP = 25;
const up = (n: number) => Math.ceil(n / STEP) * STEP;

/**
 * What our clan needs to pass the clan projected just ahead of it (pure). In a normal week the boat moves by the
 * day's rank, so the target is today: out-score that clan's projected medals for today. In colosseum every medal
 * counts, so the target is its projected final fame over the rest of the week. The win rate reads a deck's medals
 * as a 1v1 battle (docs/clash-royale-api.md "The game's constants").
 */
export function passTarget(
  input: ProjectionInput,
  paces: readonly Pace[],
  clans: readonly ClanProjection[],
): PassTarget | null {
  const at = input.clans.findIndex((c) => c.tag === input.ourTag);
  const ours = clans[at];
  if (!ours || ours.finished) return null;
  const candidates = clans
    .map((c, i) => ({ c, i }))
    .filter(({ c, i }) => i !== at && c.place.mid < ours.place.mid && !(input.mode === 'normal' && c.finished));
  const ahead = candidates.sort((a, b) => b.c.place.mid - a.c.place.mid)[0];
  if (!ahead) return null;
  const us = input.clans[at]!;
  const them = input.clans[ahead.i]!;
  const days = input.mode === 'normal' ? 1 : closesLeft(input.day);
  const medalsNeeded =
    input.mode === 'normal'
      ? up(them.periodPoints + paces[ahead.i]!.rest.mid - us.periodPoints + 1)
      : up(ahead.c.final.mid - us.fame + 1);
  const capacity = Math.min(us.players, MAX_PLAYERS_PER_DAY) * DECKS_PER_DAY;
  const decksLeft = Math.max(0, capacity * days - us.decksUsedToday);
  const perDeck = paces[at]!.perDeck;
  const needPerDeck = decksLeft > 0 ? medalsNeeded / decksLeft : Infinity;
  const rate = (needPerDeck - MEDALS_1V1.loss) / (MEDALS_1V1.win - MEDALS_1V1.loss);
  return {
    aheadTag: them.tag,
    aheadName: them.name,
    medalsNeeded: Math.max(0, medalsNeeded),
    decksLeft,
    decksAtOurPace: perDeck ? Math.ceil(Math.max(0, medalsNeeded) / perDeck) : null,
    winRate: rate > 1 ? null : Math.max(0, rate),
  };
}
