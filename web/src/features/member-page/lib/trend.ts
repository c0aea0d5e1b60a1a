import { formatNumber } from '#web/lib/format';

/** One value of a trend; null is a gap (no value that day or week). */
export interface TrendPoint {
  /** as a screen reader hears it: "Nov 20, 2026", "Season 140 · Week 2" */
  label: string;
  /** under the chart, where room is short: "Nov 20", "S140 W2" */
  short: string;
  value: number | null;
}

/** The smallest of 1, 2, 2.5, 5 (or `steps`) × a power of ten that is at least `x`. */
function niceAtLeast(x: number, steps: readonly number[] = [1, 2, 2.5, 5, 10]): number {
  const magnitude = 10 ** Math.floor(Math.log10(x));
  return (steps.find((m) => m * magnitude >= x) ?? 10) * magnitude;
}

/**
 * The value axis, with round numbers at its bottom, middle and top: from 0 for amounts (fame), around the
 * data for levels (trophies), never flat.
 */
export function trendRange(points: readonly TrendPoint[], zeroBased: boolean): { min: number; max: number } {
  const values = points.flatMap((p) => (p.value === null ? [] : [p.value]));
  if (values.length === 0) return { min: 0, max: 1 };
  const high = Math.max(...values);
  const low = Math.min(...values);
  if (zeroBased) return { min: 0, max: high <= 0 ? 1 : niceAtLeast(high, [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) };
  if (high === low) {
    const step = niceAtLeast(Math.max(1, Math.abs(low) / 100));
    return { min: low - step, max: low + step };
  }
  for (let step = niceAtLeast((high - low) / 2); ; step = niceAtLeast(step * 1.001)) {
    const min = Math.floor(low / step) * step;
    if (min + 2 * step >= high) return { min, max: min + 2 * step };
  }
}

/** What the chart shows, in words, for a screen reader: first, last, highest and lowest, gaps. */
export function trendSummary(what: string, points: readonly TrendPoint[]): string {
  const known = points.filter((p): p is TrendPoint & { value: number } => p.value !== null);
  const first = known[0];
  const last = known.at(-1);
  if (!first || !last) return `${what}: no values yet.`;
  const high = known.reduce((a, b) => (b.value > a.value ? b : a));
  const low = known.reduce((a, b) => (b.value < a.value ? b : a));
  const gaps = points.length - known.length;
  return (
    `${what}, ${first.label} to ${last.label}: ${formatNumber(first.value)} at the start, ` +
    `${formatNumber(last.value)} at the end; highest ${formatNumber(high.value)} (${high.label}), ` +
    `lowest ${formatNumber(low.value)} (${low.label})` +
    (gaps > 0 ? `; ${gaps} without a value.` : '.')
  );
}
