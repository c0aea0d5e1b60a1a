import type { AppContext } from '../app-context.js';
import { attemptsAt, failedOccurrenceRuns, occurrenceOfKey } from './runs.repository.js';
import type { AnyScriptDefinition } from './types.js';

const HOUR = 3_600_000;

/** A failed occurrence to run again: resumed after a restart, or retried after a failure. */
export interface AgainRun {
  occurrence: Date;
  occurrenceKey: string;
  trigger: 'schedule' | 'catch-up';
  kind: 'resume' | 'retry';
}

/**
 * Whether the newest occurrence of a script that failed should run again (docs/war-tracking.md §8):
 * - a run cut off by a restart (a deploy inside its window, a crash) is resumed while its window
 *   (`resumeWindowMs`) is open, so the report still comes at the reset;
 * - a failed weekly run (`retryFailedMs`: the API was down) is retried hourly for that long.
 * Each new attempt has its own key, "<occurrence> resume <n>" or "<occurrence> retry <n>", so
 * instances agree on it and it runs once.
 */
export async function attemptAgain(
  ctx: Pick<AppContext, 'db'>,
  def: AnyScriptDefinition,
  clanTag: string,
  now: Date,
): Promise<AgainRun | null> {
  const span = Math.max(def.resumeWindowMs ?? 0, def.retryFailedMs ?? 0);
  if (span === 0) return null;
  const db = ctx.db.kysely;
  const since = new Date(now.getTime() - span).toISOString();
  const keys = (await failedOccurrenceRuns(db, def.id, clanTag, since)).map((r) => occurrenceOfKey(r.occurrence_key));
  const occurrence = keys
    .filter((k): k is string => k !== null)
    .sort()
    .at(-1);
  if (!occurrence) return null;
  const at = new Date(occurrence);
  const attempts = await attemptsAt(db, def.id, clanTag, occurrence);
  const newest = attempts[0];
  if (!newest || newest.status !== 'failed') return null;
  const age = now.getTime() - at.getTime();
  if (newest.message?.startsWith('Interrupted:') && def.resumeWindowMs && age < def.resumeWindowMs) {
    return {
      occurrence: at,
      occurrenceKey: `${occurrence} resume ${attempts.length}`,
      trigger: 'schedule',
      kind: 'resume',
    };
  }
  const finished = newest.finished_at ? new Date(newest.finished_at).getTime() : 0;
  if (def.retryFailedMs && age < def.retryFailedMs && now.getTime() - finished >= HOUR) {
    return {
      occurrence: at,
      occurrenceKey: `${occurrence} retry ${attempts.length}`,
      trigger: 'catch-up',
      kind: 'retry',
    };
  }
  return null;
}
