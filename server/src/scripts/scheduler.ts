import type { AppContext } from '../app-context.js';
import { formatInZone, makeCron, previousOccurrence } from './cron.js';
import { liveLeases } from './lease.js';
import type { ScriptRunner, StartResult } from './runner.js';
import { completeRun, EMPTY_DETAILS, hasRunFor, insertRun, runningRuns } from './runs.repository.js';
import { loadSchedules, type StoredSchedule } from './schedules.repository.js';
import type { AnyScriptDefinition } from './types.js';

/** A timer never sleeps longer than this, so a suspended machine or a clock step is noticed. */
const MAX_TIMER_MS = 60_000;

export interface FiredRun {
  scriptId: string;
  scheduledFor: Date;
  outcome: StartResult['kind'] | 'skipped';
  /** resolves when the run's row is completed (started runs only) */
  done: Promise<unknown>;
}

/**
 * Fires stored schedules in SCHEDULE_TIMEZONE from the injected clock (croner computes the
 * instants; `tick` fires what is due, so tests drive time without real timers). One occurrence
 * is one row keyed by its UTC instant: on several instances only one claim succeeds (REL-JOB-07).
 */
export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private nextDue = new Map<string, { cron: string; at: Date | null }>();
  private stopped = true;

  constructor(
    private readonly ctx: () => AppContext,
    private readonly definitions: AnyScriptDefinition[],
    private readonly runner: ScriptRunner,
  ) {}

  /** Start-up: mark interrupted runs, catch up missed ones (REL-JOB-06), then arm the timer. */
  async start(options: { timers: boolean }): Promise<FiredRun[]> {
    this.stopped = false;
    const now = this.ctx().clock.now();
    await this.markInterrupted(now);
    const schedules = await loadSchedules(this.ctx().db.kysely);
    const fired: FiredRun[] = [];
    for (const def of this.definitions) {
      const stored = schedules.get(def.id);
      if (!stored) continue;
      const missed = await this.catchUp(def, stored, now);
      if (missed) fired.push(missed);
      this.nextDue.set(def.id, { cron: stored.cron, at: this.nextAfter(stored.cron, now) });
    }
    if (options.timers) this.arm();
    return fired;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Fires every schedule whose next instant has come. Only the newest due instant fires (F9: no burst). */
  async tick(): Promise<FiredRun[]> {
    const { clock, db } = this.ctx();
    const now = clock.now();
    await this.markInterrupted(now);
    const schedules = await loadSchedules(db.kysely);
    const fired: FiredRun[] = [];
    for (const def of this.definitions) {
      const stored = schedules.get(def.id);
      if (!stored) continue;
      const known = this.nextDue.get(def.id);
      if (!known || known.cron !== stored.cron) {
        // first sight or edited (possibly on another instance): start from now, fire nothing old
        this.nextDue.set(def.id, { cron: stored.cron, at: this.nextAfter(stored.cron, now) });
        continue;
      }
      if (!known.at || known.at > now) continue;
      const occurrence = previousOccurrence(stored.cron, this.timezone, new Date(now.getTime() + 1)) ?? known.at;
      fired.push(await this.fire(def, occurrence, 'schedule'));
      this.nextDue.set(def.id, { cron: stored.cron, at: this.nextAfter(stored.cron, now) });
    }
    return fired;
  }

  /** Called after an edit on this instance: the new schedule counts from now (REL-JOB-10). */
  reschedule(scriptId: string, cron: string): void {
    this.nextDue.set(scriptId, { cron, at: this.nextAfter(cron, this.ctx().clock.now()) });
    if (this.timer) this.arm();
  }

  private get timezone(): string {
    return this.ctx().config.SCHEDULE_TIMEZONE;
  }

  private nextAfter(cron: string, now: Date): Date | null {
    return makeCron(cron, this.timezone).nextRun(now);
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.stopped) return;
    const now = this.ctx().clock.now().getTime();
    const dues = [...this.nextDue.values()].flatMap((d) => (d.at ? [d.at.getTime()] : []));
    const wait = Math.max(0, Math.min(MAX_TIMER_MS, ...dues.map((t) => t - now)));
    this.timer = setTimeout(() => {
      this.tick()
        .catch((err: unknown) => this.ctx().log.error({ err }, 'scheduler tick failed'))
        .finally(() => this.arm());
    }, wait);
    this.timer.unref();
  }

  private async fire(
    def: AnyScriptDefinition,
    scheduledFor: Date,
    trigger: 'schedule' | 'catch-up',
    note?: string,
  ): Promise<FiredRun> {
    const started = await this.runner.start(def, { trigger, scheduledFor, note });
    if (started.kind === 'started') return { scriptId: def.id, scheduledFor, outcome: 'started', done: started.done };
    if (started.kind === 'busy') {
      // REL-JOB-05: an overlapped occurrence is recorded, not silently dropped; if the row
      // exists, another instance holds the lease because it is running this very occurrence
      const skippedId = await insertRun(
        this.ctx().db.kysely,
        {
          scriptId: def.id,
          trigger,
          occurrenceKey: scheduledFor.toISOString(),
          status: 'skipped',
          message: `Skipped the run scheduled for ${this.when(scheduledFor)}: another run of this script was still in progress.`,
          startedAt: this.ctx().clock.now().toISOString(),
        },
        { details: EMPTY_DETAILS },
      );
      return {
        scriptId: def.id,
        scheduledFor,
        outcome: skippedId === null ? 'duplicate' : 'skipped',
        done: Promise.resolve(),
      };
    }
    return { scriptId: def.id, scheduledFor, outcome: 'duplicate', done: Promise.resolve() };
  }

  /**
   * REL-JOB-06: the newest occurrence missed while the process was down is caught up once
   * (`once`) or recorded as skipped (`skip`). Occurrences before the schedule was stored or
   * edited are not "missed".
   */
  private async catchUp(def: AnyScriptDefinition, stored: StoredSchedule, now: Date): Promise<FiredRun | null> {
    const db = this.ctx().db.kysely;
    const missed = previousOccurrence(stored.cron, this.timezone, now);
    if (!missed || missed.toISOString() < stored.updatedAt) return null;
    if (await hasRunFor(db, def.id, missed.toISOString())) return null;
    if (def.missedRunPolicy === 'once') {
      return this.fire(
        def,
        missed,
        'catch-up',
        `Catch-up of the run missed at ${this.when(missed)} (the server was not running).`,
      );
    }
    await insertRun(
      db,
      {
        scriptId: def.id,
        trigger: 'catch-up',
        occurrenceKey: missed.toISOString(),
        status: 'skipped',
        message: `Missed the run scheduled for ${this.when(missed)} (the server was not running); this script is not caught up late. Run it manually if needed.`,
        startedAt: now.toISOString(),
      },
      { details: EMPTY_DETAILS },
    );
    return { scriptId: def.id, scheduledFor: missed, outcome: 'skipped', done: Promise.resolve() };
  }

  /** A run still `running` whose lease has expired was cut off by a crash (docs/war-tracking.md). */
  async markInterrupted(now: Date): Promise<number> {
    const db = this.ctx().db.kysely;
    const rows = await runningRuns(db);
    if (rows.length === 0) return 0;
    const live = await liveLeases(db, now);
    let marked = 0;
    for (const row of rows) {
      if (live.has(row.script_id) || this.runner.active.has(row.script_id)) continue;
      const started = new Date(row.started_at).getTime();
      await completeRun(db, row.id, {
        status: 'failed',
        message: 'Interrupted: the server stopped during this run. Nothing from it was saved.',
        finishedAt: now.toISOString(),
        durationMs: now.getTime() - started,
        details: { ...EMPTY_DETAILS, errors: ['interrupted'] },
      });
      marked++;
    }
    return marked;
  }

  private when(at: Date): string {
    return `${formatInZone(at, this.timezone)} (${at.toISOString().slice(0, 16).replace('T', ' ')} UTC)`;
  }
}
