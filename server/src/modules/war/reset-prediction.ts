import { comparePositions, type RacePosition } from './war-days.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/**
 * The smallest margin announced: the game's reset moves by up to about 20 minutes from one day to
 * the next inside a season (docs/clash-royale-api.md §7.2), so a few days that happened to agree
 * do not make the next one certain (docs/decisions/035-war-reminders.md).
 */
export const MIN_MARGIN_MS = 20 * 60_000;

/** A daily reset seen in the data: it happened after `after` and no later than `by`. */
export interface ObservedReset {
  after: Date;
  by: Date;
}

export interface ResetPrediction {
  /** the predicted next reset */
  at: Date;
  /** how far the recent resets strayed from the prediction, plus their own uncertainty (ms) */
  margin: number;
  /** how many observed resets it rests on */
  basis: number;
}

/**
 * Resets the snapshots show: two consecutive snapshots one period apart, taken less than two
 * hours apart, bound the reset between them (docs/war-tracking.md "Snapshots"). Wider gaps say
 * too little about when the day rolled to help a prediction.
 */
export function observedResets(snapshots: readonly (RacePosition & { takenAt: Date })[]): ObservedReset[] {
  const resets: ObservedReset[] = [];
  for (let i = 1; i < snapshots.length; i++) {
    const a = snapshots[i - 1]!;
    const b = snapshots[i]!;
    if (comparePositions(b, a) <= 0) continue;
    const oneDay = a.seasonId === b.seasonId ? b.periodIndex - a.periodIndex === 1 : b.periodIndex === 0;
    if (oneDay && b.takenAt.getTime() - a.takenAt.getTime() <= 2 * HOUR)
      resets.push({ after: a.takenAt, by: b.takenAt });
  }
  return resets;
}

/**
 * The next daily reset, predicted from the resets observed on recent days, never from a fixed
 * clock (docs/decisions/035-war-reminders.md): the median time of day of the last seven, on the
 * day after the newest. The margin covers how far those days strayed and how wide each
 * observation was. Null with fewer than two observations.
 */
export function predictNextReset(resets: readonly ObservedReset[], now: Date): ResetPrediction | null {
  const recent = resets.slice(-7);
  if (recent.length < 2) return null;
  const times = recent.map((r) => timeOfDay(new Date((r.after.getTime() + r.by.getTime()) / 2)));
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const spread = Math.max(...times.map((t) => Math.abs(t - median)));
  const width = Math.max(...recent.map((r) => (r.by.getTime() - r.after.getTime()) / 2));
  const newest = recent.at(-1)!;
  let day = Math.floor(newest.by.getTime() / DAY) + 1;
  while (day * DAY + median <= now.getTime() - 12 * HOUR) day++;
  return {
    at: new Date(day * DAY + median),
    margin: Math.max(MIN_MARGIN_MS, Math.round(spread + width)),
    basis: recent.length,
  };
}

function timeOfDay(d: Date): number {
  return d.getTime() - Math.floor(d.getTime() / DAY) * DAY;
}
