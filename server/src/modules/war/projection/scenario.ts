import { BATTLE_DAYS, FINISH_LINE } from '#server/lib/river-race-rules';
import { crossed, placementGains } from './day-close.js';
import { normal } from './random.js';
import type { Pace } from './pace.js';
import type { ProjectionInput } from './types.js';

/** One way the rest of the week could go, per clan (in the input's order). */
export interface Scenario {
  /** fame after each remaining close, today's first (the boat capped at the finish line) */
  fameAt: number[][];
  /** the close (0 = today's) a clan crosses at; -1 when it had crossed before; null when it does not */
  finishClose: (number | null)[];
  /** final place, 1 = first */
  place: number[];
}

/** The closes still to come: today's and one a day until day 4's. */
export const closesLeft = (day: number): number => Math.max(1, BATTLE_DAYS - day + 1);

const draw = (random: () => number, mid: number, sd: number) => Math.max(0, mid + sd * normal(random));
/** A later day's spread around the day it is drawn from. */
const DAY_NOISE = 0.08;

/**
 * A later day's medals: one of the clan's own days, picked by weight, with a little noise (so a clan that skips
 * days keeps skipping some); around the mean when it has too few days.
 */
function drawDay(random: () => number, day: Pace['day']): number {
  if (day.samples.length === 0) return draw(random, day.mid, day.sd);
  const total = day.samples.reduce((n, s) => n + s.weight, 0);
  let pick = random() * total;
  const sample = day.samples.find((s) => (pick -= s.weight) < 0) ?? day.samples.at(-1)!;
  return draw(random, sample.value, sample.value * DAY_NOISE);
}

/**
 * The rest of today: when the clan has days to draw from, one of them scaled to the share of a day still to come (so
 * a clan that skips days may skip today too); otherwise around the usual rest with its spread.
 */
function drawRest(random: () => number, pace: Pace): number {
  if (pace.day.samples.length === 0 || pace.day.mid <= 0) return draw(random, pace.rest.mid, pace.rest.sd);
  return drawDay(random, pace.day) * (pace.rest.mid / pace.day.mid);
}

/** Plays the rest of the week once with drawn medals (pure but for the generator it is given). */
export function playScenario(input: ProjectionInput, paces: readonly Pace[], random: () => number): Scenario {
  const clans = input.clans;
  const closes = closesLeft(input.day);
  const fame = clans.map((c) => c.fame);
  const finishClose: (number | null)[] = clans.map((c) => (c.finishTime ? -1 : null));
  const fameAt: number[][] = clans.map(() => []);
  const lastMedals = clans.map(() => 0);
  for (let k = 0; k < closes; k++) {
    const medals = paces.map((p, i) =>
      k === 0 ? (input.mode === 'normal' ? clans[i]!.periodPoints : 0) + drawRest(random, p) : drawDay(random, p.day),
    );
    if (input.mode === 'colosseum') {
      medals.forEach((m, i) => (fame[i] = fame[i]! + m));
    } else {
      const racing = clans.filter((_, i) => finishClose[i] === null).map((c) => c.tag);
      const gains = placementGains(new Map(clans.map((c, i) => [c.tag, medals[i]!])), racing);
      clans.forEach((c, i) => {
        const gain = gains.get(c.tag);
        if (gain === undefined) return;
        fame[i] = fame[i]! + gain + (gain > 0 ? paces[i]!.defense : 0);
        if (crossed(fame[i]!)) finishClose[i] = k;
      });
    }
    medals.forEach((m, i) => (lastMedals[i] = m));
    fame.forEach((f, i) => fameAt[i]!.push(input.mode === 'normal' ? Math.min(f, FINISH_LINE) : f));
  }
  return { fameAt, finishClose, place: places(input, fame, finishClose, lastMedals) };
}

/** Over the line first (earlier close first, then the earlier finish time, then the bigger boat), then by fame. */
function places(
  input: ProjectionInput,
  fame: readonly number[],
  finishClose: readonly (number | null)[],
  lastMedals: readonly number[],
): number[] {
  const key = (i: number) => {
    const close = finishClose[i];
    const time = input.clans[i]!.finishTime?.getTime() ?? 0;
    return close === null ? [1, -fame[i]!, -lastMedals[i]!] : [0, close, time, -fame[i]!];
  };
  const order = input.clans
    .map((_, i) => i)
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      for (let j = 0; j < Math.max(ka.length, kb.length); j++) {
        const d = (ka[j] ?? 0) - (kb[j] ?? 0);
        if (d !== 0) return d;
      }
      return 0;
    });
  const place = input.clans.map(() => 0);
  order.forEach((i, at) => (place[i] = at + 1));
  return place;
}
