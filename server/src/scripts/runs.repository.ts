import type { Selectable } from 'kysely';
import {
  runDetailsSchema,
  type HistoryEntry,
  type RunDetails,
  type RunStatus,
  type RunTrigger,
} from '#contracts/admin-scripts';
import type { ScriptRunsTable } from '../db/schema.js';
import type { DbHandle } from '../db/handle.js';

export const EMPTY_DETAILS: RunDetails = { discordMessage: null, outputs: [], errors: [], dataProcessed: null };

export interface NewRun {
  scriptId: string;
  /** the clan the run is for */
  clanTag: string;
  trigger: RunTrigger;
  occurrenceKey: string | null;
  status: RunStatus;
  message: string;
  startedAt: string;
}

/** Inserts a history row; null when the (script_id, clan_tag, occurrence_key) row already exists. */
export async function insertRun(db: DbHandle, run: NewRun, finished?: { details: RunDetails }): Promise<number | null> {
  const row = await db
    .insertInto('script_runs')
    .values({
      script_id: run.scriptId,
      clan_tag: run.clanTag,
      trigger: run.trigger,
      occurrence_key: run.occurrenceKey,
      status: run.status,
      message: run.message,
      started_at: run.startedAt,
      finished_at: finished ? run.startedAt : null,
      duration_ms: finished ? 0 : null,
      details: JSON.stringify(finished?.details ?? EMPTY_DETAILS),
    })
    .onConflict((oc) => oc.columns(['script_id', 'clan_tag', 'occurrence_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface RunCompletion {
  status: 'completed' | 'failed' | 'skipped';
  message: string;
  finishedAt: string;
  durationMs: number;
  details: RunDetails;
}

/**
 * Completes a row that is still `running`; returns false when it was not (another instance
 * already marked it interrupted), so a run presumed dead cannot overwrite its history.
 */
export async function completeRun(db: DbHandle, id: number, c: RunCompletion): Promise<boolean> {
  const result = await db
    .updateTable('script_runs')
    .set({
      status: c.status,
      message: c.message,
      finished_at: c.finishedAt,
      duration_ms: Math.max(0, c.durationMs),
      details: JSON.stringify(c.details),
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Adds non-fatal errors to a finished run (a failed Discord delivery keeps the run completed). */
export async function appendRunErrors(db: DbHandle, id: number, errors: string[]): Promise<void> {
  if (errors.length === 0) return;
  const row = await db.selectFrom('script_runs').select('details').where('id', '=', id).executeTakeFirst();
  const details = parseDetails(row?.details ?? null);
  await db
    .updateTable('script_runs')
    .set({ details: JSON.stringify({ ...details, errors: [...details.errors, ...errors] }) })
    .where('id', '=', id)
    .execute();
}

export async function listHistory(
  db: DbHandle,
  scriptId: string,
  clanTag: string,
  limit: number,
): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('script_runs')
    .selectAll()
    .where('script_id', '=', scriptId)
    .where('clan_tag', '=', clanTag)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toHistoryEntry);
}

export async function getRun(db: DbHandle, id: number): Promise<HistoryEntry | null> {
  const row = await db.selectFrom('script_runs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toHistoryEntry(row) : null;
}

export async function runningRuns(
  db: DbHandle,
): Promise<{ id: number; script_id: string; clan_tag: string; started_at: string }[]> {
  return db
    .selectFrom('script_runs')
    .select(['id', 'script_id', 'clan_tag', 'started_at'])
    .where('status', '=', 'running')
    .execute();
}

export async function hasRunFor(
  db: DbHandle,
  scriptId: string,
  clanTag: string,
  occurrenceKey: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('script_runs')
    .select('id')
    .where('script_id', '=', scriptId)
    .where('clan_tag', '=', clanTag)
    .where('occurrence_key', '=', occurrenceKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** The ISO instant an occurrence key names ("<iso>", "<iso> resume <n>", "<iso> retry <n>"), else null. */
export function occurrenceOfKey(key: string | null): string | null {
  return key ? (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/.exec(key)?.[0] ?? null) : null;
}

/**
 * Failed runs of scheduled occurrences (scheduled or caught up) that started at or after `since`:
 * the occurrences a restart may resume, or a retry may try again (docs/war-tracking.md §8).
 */
export async function failedOccurrenceRuns(
  db: DbHandle,
  scriptId: string,
  clanTag: string,
  since: string,
): Promise<{ occurrence_key: string | null }[]> {
  return db
    .selectFrom('script_runs')
    .select('occurrence_key')
    .where('script_id', '=', scriptId)
    .where('clan_tag', '=', clanTag)
    .where('trigger', 'in', ['schedule', 'catch-up'])
    .where('status', '=', 'failed')
    .where('started_at', '>=', since)
    .execute();
}

/** Every attempt at one occurrence, newest first: the scheduled run and its resumes. */
export async function attemptsAt(
  db: DbHandle,
  scriptId: string,
  clanTag: string,
  occurrence: string,
): Promise<{ status: string; message: string | null; finished_at: string | null }[]> {
  return db
    .selectFrom('script_runs')
    .select(['status', 'message', 'finished_at'])
    .orderBy('id', 'desc')
    .where('script_id', '=', scriptId)
    .where('clan_tag', '=', clanTag)
    .where((eb) => eb.or([eb('occurrence_key', '=', occurrence), eb('occurrence_key', 'like', `${occurrence} %`)]))
    .execute();
}

function toHistoryEntry(row: Selectable<ScriptRunsTable>): HistoryEntry {
  const scheduled = occurrenceOfKey(row.occurrence_key);
  return {
    id: row.id,
    scriptId: row.script_id,
    timestamp: row.started_at,
    finishedAt: row.finished_at,
    status: (['running', 'completed', 'failed', 'skipped'] as const).find((s) => s === row.status) ?? 'failed',
    trigger: (['manual', 'schedule', 'catch-up', 'replay', 'cli'] as const).find((t) => t === row.trigger) ?? 'manual',
    scheduledFor: scheduled,
    message: row.message ?? '',
    duration: row.duration_ms,
    details: parseDetails(row.details),
  };
}

/** The details JSON column, validated (docs/architecture.md §2: zod on JSON columns). */
export function parseDetails(text: string | null): RunDetails {
  if (!text) return EMPTY_DETAILS;
  try {
    const parsed = runDetailsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : EMPTY_DETAILS;
  } catch {
    return EMPTY_DETAILS;
  }
}

/**
 * Deletes finished runs of one script started before `before`, except its newest `keep` (what the
 * history can show); returns how many.
 */
export async function pruneRuns(
  db: DbHandle,
  scriptId: string,
  clanTag: string,
  before: Date,
  keep: number,
): Promise<number> {
  const newest = db
    .selectFrom('script_runs')
    .select('id')
    .where('script_id', '=', scriptId)
    .where('clan_tag', '=', clanTag)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(keep);
  const result = await db
    .deleteFrom('script_runs')
    .where('script_id', '=', scriptId)
    .where('clan_tag', '=', clanTag)
    .where('status', '!=', 'running')
    .where('started_at', '<', before.toISOString())
    .where('id', 'not in', (eb) => eb.selectFrom(newest.as('newest')).select('newest.id'))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every (script, clan) that has runs: the history is kept per script and clan. */
export async function scriptClansWithRuns(db: DbHandle): Promise<{ scriptId: string; clanTag: string }[]> {
  const rows = await db.selectFrom('script_runs').select(['script_id', 'clan_tag']).distinct().execute();
  return rows.map((r) => ({ scriptId: r.script_id, clanTag: r.clan_tag }));
}
