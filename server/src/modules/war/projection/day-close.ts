import { FINISH_LINE, PLACEMENT } from '#server/lib/river-race-rules';

/**
 * The boat's gain at a normal week's daily close (docs/clash-royale-api.md §7.4): the clans still racing rank by the
 * day's medals and gain `PLACEMENT` by rank, tied clans sharing the average of their places, a clan with no medals
 * nothing. Clans already over the line are out of the ranking. Pure.
 */
export function placementGains(medals: ReadonlyMap<string, number>, racing: readonly string[]): Map<string, number> {
  const order = [...racing].sort((a, b) => medals.get(b)! - medals.get(a)!);
  const gains = new Map<string, number>();
  let i = 0;
  while (i < order.length) {
    const value = medals.get(order[i]!)!;
    let j = i;
    while (j < order.length && medals.get(order[j]!)! === value) j += 1;
    const shares = PLACEMENT.slice(i, j);
    const average = shares.reduce((n, p) => n + p, 0) / (j - i);
    for (const tag of order.slice(i, j)) gains.set(tag, value > 0 ? average : 0);
    i = j;
  }
  return gains;
}

/** Whether a boat has reached the finish line. */
export const crossed = (boat: number): boolean => boat >= FINISH_LINE;
