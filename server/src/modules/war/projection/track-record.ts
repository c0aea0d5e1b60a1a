import type { ProjectionRecord } from '#contracts/race-projection';
import type { ScoredProjection } from './race-projections.repository.js';

/** Weeks of the track record read back: about two and a half months. */
export const RECORD_WEEKS = 10;

/**
 * How often the projection made at the start of each battle day placed our clan right, and how far its middle fame
 * was from the week's end (pure). A place is right when it is the rank the river race log gives the week.
 */
export function trackRecord(scored: readonly ScoredProjection[]): ProjectionRecord {
  const byDay = [1, 2, 3, 4].flatMap((day) => {
    const rows = scored.filter((s) => s.day === day);
    if (rows.length === 0) return [];
    return [
      {
        day,
        weeks: rows.length,
        placedRight: rows.filter((r) => r.place === r.actualPlace).length,
        meanFameError: Math.round(rows.reduce((n, r) => n + Math.abs(r.fameMid - r.actualFame), 0) / rows.length),
      },
    ];
  });
  return { byDay };
}
