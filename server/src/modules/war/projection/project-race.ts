import { FINISH_LINE } from '#server/lib/river-race-rules';
import { passTarget } from './pass-target.js';
import { paceOf } from './pace.js';
import { seededRandom } from '#server/lib/seeded-random';
import { quantile } from './random.js';
import { closesLeft, playScenario, type Scenario } from './scenario.js';
import type { ClanProjection, ProjectionInput, RaceProjection, Range } from './types.js';

const DAY_MS = 86_400_000;
const DEFAULT_RUNS = 400;
/** The range shown: the 10th to the 90th percentile of the scenarios (an 80% band). */
export const RANGE_QUANTILES = { low: 0.1, high: 0.9 } as const;

function rangeOf(values: number[]): Range {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    low: Math.round(quantile(sorted, RANGE_QUANTILES.low)),
    mid: Math.round(quantile(sorted, 0.5)),
    high: Math.round(quantile(sorted, RANGE_QUANTILES.high)),
  };
}

/** The most frequent value and its share. */
function modeOf(values: readonly (number | null)[]): { value: number | null; share: number } {
  const counts = new Map<number | null, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: { value: number | null; share: number } = { value: null, share: 0 };
  for (const [value, n] of counts) if (n / values.length > best.share) best = { value, share: n / values.length };
  return best;
}

/**
 * Where the race will end (docs/war-tracking.md "Where the race will end"): each clan's pace from its closed days and
 * earlier weeks, the rest of the week played `runs` times with drawn medals under the game's rules, and each clan's
 * fame, finish and place read as a range from those scenarios. Pure: the seed makes it repeatable.
 */
export function projectRace(input: ProjectionInput): RaceProjection {
  const runs = input.runs ?? DEFAULT_RUNS;
  const random = seededRandom(input.seed ?? 35);
  const paces = input.clans.map((c) => paceOf(c, input));
  const scenarios: Scenario[] = Array.from({ length: runs }, () => playScenario(input, paces, random));
  const closes = closesLeft(input.day);
  const closeAt = (k: number) => new Date(input.nextReset.getTime() + k * DAY_MS).toISOString();
  const clans = input.clans.map((clan, i): ClanProjection => {
    const places = scenarios.map((s) => s.place[i]!).sort((a, b) => a - b);
    const placeMode = modeOf(places);
    const finishes = scenarios.map((s) => s.finishClose[i]!);
    const finishMode = modeOf(finishes.filter((f) => f !== null));
    const finishing = finishes.filter((f) => f !== null).length / runs;
    const doneBefore = clan.finishTime !== null;
    let finish: ClanProjection['finish'] = null;
    if (doneBefore) finish = { day: input.day - 1, at: clan.finishTime!.toISOString(), chance: 1 };
    else if (input.mode === 'normal' && finishing >= 0.5 && finishMode.value !== null)
      finish = {
        day: input.day + finishMode.value,
        at: closeAt(finishMode.value),
        chance: (finishMode.share * finishes.filter((f) => f !== null).length) / runs,
      };
    return {
      tag: clan.tag,
      name: clan.name,
      atResets: Array.from({ length: closes }, (_, k) => ({
        day: input.day + k,
        at: closeAt(k),
        fame: rangeOf(scenarios.map((s) => s.fameAt[i]![k]!)),
      })),
      final: doneBefore
        ? { low: FINISH_LINE, mid: FINISH_LINE, high: FINISH_LINE }
        : rangeOf(scenarios.map((s) => s.fameAt[i]![closes - 1]!)),
      finish,
      place: {
        mid: placeMode.value ?? 0,
        best: quantile(places, RANGE_QUANTILES.low),
        worst: quantile(places, RANGE_QUANTILES.high),
        chanceOfMid: placeMode.share,
      },
      chanceFirst: places.filter((p) => p === 1).length / runs,
      finished: doneBefore,
    };
  });
  return { mode: input.mode, day: input.day, runs, clans, pass: passTarget(input, paces, clans) };
}
