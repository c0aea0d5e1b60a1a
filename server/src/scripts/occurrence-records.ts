import type { AppContext } from '../app-context.js';
import { liveLeases } from './lease.repository.js';
import type { AlertRaiser } from './runner.js';
import { completeRun, EMPTY_DETAILS, insertRun, runningRuns } from './runs.repository.js';
import type { FiredRun } from './scheduler.js';
import type { AnyScriptDefinition } from './types.js';

/**
 * History rows the scheduler writes for occurrences that do not run: skipped because another run
 * held the script, missed while the server was off, or cut off by a crash (docs/architecture.md §8).
 * `when` is the occurrence in words ("Mon, Nov 30, 2026, 10:00 AM EST (2026-11-30 15:00 UTC)").
 */

/**
 * REL-JOB-05: an overlapped occurrence is recorded, not silently dropped; if the row exists,
 * another instance holds the lease because it is running this very occurrence.
 */
export async function recordSkipped(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  def: AnyScriptDefinition,
  clanTag: string,
  at: Date,
  trigger: 'schedule' | 'catch-up',
  when: string,
): Promise<FiredRun> {
  const skippedId = await insertRun(
    ctx.db.kysely,
    {
      scriptId: def.id,
      clanTag,
      trigger,
      occurrenceKey: at.toISOString(),
      status: 'skipped',
      message: `Skipped the run scheduled for ${when}: another run of this script was still in progress.`,
      startedAt: ctx.clock.now().toISOString(),
    },
    { details: EMPTY_DETAILS },
  );
  return {
    scriptId: def.id,
    clanTag,
    scheduledFor: at,
    outcome: skippedId === null ? 'duplicate' : 'skipped',
    firedAt: ctx.clock.now(),
    done: Promise.resolve(),
  };
}

/** REL-JOB-06 `skip`: the missed occurrence is recorded, not run late. */
export async function recordMissed(
  ctx: Pick<AppContext, 'db'>,
  def: AnyScriptDefinition,
  clanTag: string,
  missed: Date,
  now: Date,
  when: string,
): Promise<FiredRun> {
  await insertRun(
    ctx.db.kysely,
    {
      scriptId: def.id,
      clanTag,
      trigger: 'catch-up',
      occurrenceKey: missed.toISOString(),
      status: 'skipped',
      message: `Missed the run scheduled for ${when} (the server was not running); this script is not caught up late. Run it manually if needed.`,
      startedAt: now.toISOString(),
    },
    { details: EMPTY_DETAILS },
  );
  return { scriptId: def.id, clanTag, scheduledFor: missed, outcome: 'skipped', firedAt: now, done: Promise.resolve() };
}

/** Marks runs left `running` by a crash (their lease expired) as failed "interrupted", with an alert. */
export async function markInterrupted(
  ctx: Pick<AppContext, 'db'>,
  definitions: AnyScriptDefinition[],
  activeHere: (scriptId: string, clanTag: string) => boolean,
  now: Date,
  alerts?: AlertRaiser,
): Promise<number> {
  const db = ctx.db.kysely;
  const rows = await runningRuns(db);
  if (rows.length === 0) return 0;
  const live = new Map<string, Set<string>>();
  for (const clanTag of new Set(rows.map((r) => r.clan_tag))) live.set(clanTag, await liveLeases(db, clanTag));
  let marked = 0;
  for (const row of rows) {
    if (live.get(row.clan_tag)?.has(row.script_id) || activeHere(row.script_id, row.clan_tag)) continue;
    const started = new Date(row.started_at).getTime();
    await completeRun(db, row.id, {
      status: 'failed',
      message: 'Interrupted: the server stopped during this run. Nothing from it was saved.',
      finishedAt: now.toISOString(),
      durationMs: Math.max(0, now.getTime() - started),
      details: { ...EMPTY_DETAILS, errors: ['interrupted'] },
    });
    const def = definitions.find((d) => d.id === row.script_id);
    await alerts?.raise({
      kind: 'run-interrupted',
      subject: `${def?.name ?? row.script_id}: a run was interrupted`,
      message: `The run started ${row.started_at.slice(0, 16).replace('T', ' ')} UTC was cut off: the server stopped during it. Nothing from it was saved.`,
      runId: row.id,
    });
    marked++;
  }
  return marked;
}
