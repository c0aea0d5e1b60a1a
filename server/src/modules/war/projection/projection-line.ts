import { projectedSummary } from '#contracts/race-projection-text';
import type { RaceProjection } from './types.js';

/**
 * The optional projection line of the battle-day reminder and the day report (docs/war-tracking.md "Where the race
 * will end"), pure: our clan's projected place and end with their ranges, and the record beside it. Null when there is
 * no projection (a training day) or our clan is already over the line.
 */
export function projectionLine(p: RaceProjection | null, ourTag: string, record: string | null): string | null {
  const ours = p?.clans.find((c) => c.tag === ourTag);
  if (!p || !ours || ours.finished) return null;
  return `**Projected** at battle day ${p.day}: ${projectedSummary(ours, p.mode)}${record ? ` · ${record}` : ''}`;
}
