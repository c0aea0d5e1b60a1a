import type { AppContext } from '../app-context.js';
import { formatInZone, makeCron, previousOccurrence } from './cron.js';
import { liveLeases } from './lease.repository.js';
import type { AlertRaiser, ScriptRunner, StartResult } from './runner.js';
import { attemptAgain } from './attempt-again.js';
import { markInterrupted, recordMissed, recordSkipped } from './occurrence-records.js';
import { hasRunFor } from './runs.repository.js';
import { loadSchedules } from './schedules.repository.js';
import type { AnyScriptDefinition, SystemJob } from './types.js';

/** A timer never sleeps longer than this, so a suspended machine or a clock step is noticed. */
const MAX_TIMER_MS = 60_000;
/** How often a scheduled occurrence that found its script busy tries again. */
const BUSY_RETRY_MS = 30_000;

export interface FiredRun {
  scriptId: string;
  /** the occurrence served; null for a catch-up the data asked for */
  scheduledFor: Date | null;
  /** 'waiting': the script was busy and the occurrence will try again inside its window */
  outcome: StartResult['kind'] | 'skipped' | 'waiting';
  /** when the scheduler fired it (runs may move a test's clock while they wait) */
  firedAt: Date;
  /** resolves when the run's row is completed (started runs only) */
  done: Promise<unknown>;
}

interface BusyOccurrence {
  def: AnyScriptDefinition;
  occurrence: Date;
  until: number;
}

/**
 * Fires stored schedules in SCHEDULE_TIMEZONE from the injected clock (croner computes the
 * instants; `tick` fires what is due, so tests drive time without real timers), runs the system
 * jobs (war snapshots) and the catch-ups the data asks for. One occurrence is one row keyed by
 * its UTC instant: on several instances only one claim succeeds (REL-JOB-07).
 */
export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private nextDue = new Map<string, { cron: string; at: Date | null }>();
  private systemDue = new Map<string, Date>();
  private busy = new Map<string, BusyOccurrence>();
  /** scripts scheduled by the data (`nextDue`): their next instant */
  private dataDue = new Map<string, Date | null>();
  private stopped = true;

  constructor(
    private readonly ctx: AppContext,
    private readonly definitions: AnyScriptDefinition[],
    private readonly runner: ScriptRunner,
    private readonly systemJobs: SystemJob[],
    private readonly alerts?: AlertRaiser,
  ) {}

  /**
   * Start-up: mark interrupted runs, take a snapshot, then catch up what was missed (REL-JOB-06),
   * one run after another in the order of the occurrences they stand in for, then arm the timer.
   */
  async start(options: { timers: boolean }): Promise<FiredRun[]> {
    this.stopped = false;
    const now = this.ctx.clock.now();
    await this.markInterrupted(now);
    for (const job of this.systemJobs) await this.runSystemJob(job, now);
    const schedules = await loadSchedules(this.ctx.db.kysely, this.ctx.clans.main.tag);
    const pending: { at: Date; go: () => Promise<FiredRun | null> }[] = [];
    for (const def of this.definitions) {
      const stored = schedules.get(def.id);
      if (!stored || def.nextDue) continue;
      this.nextDue.set(def.id, { cron: stored.cron, at: this.nextAfter(stored.cron, now) });
      const catchUp = (await this.resumeFor(def, now)) ?? (await this.catchUpFor(def, stored, now));
      if (catchUp) pending.push(catchUp);
    }
    await this.refreshDataDue(now);
    pending.sort((a, b) => a.at.getTime() - b.at.getTime());
    const fired: FiredRun[] = [];
    for (const p of pending) {
      if (this.stopped) break;
      const run = await p.go();
      if (!run) continue;
      fired.push(run);
      await run.done;
    }
    if (options.timers) this.arm();
    return fired;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Fires every schedule whose next instant has come (only the newest due instant: no burst
   * after a clock jump, F9), retries occurrences that found their script busy, and runs due
   * system jobs followed by the catch-ups the data asks for.
   */
  async tick(): Promise<FiredRun[]> {
    const { clock, db } = this.ctx;
    const now = clock.now();
    await this.markInterrupted(now);
    const fired: FiredRun[] = [];
    for (const def of this.definitions) {
      if (this.runner.active.has(def.id) || this.busy.has(def.id)) continue;
      const resume = await this.resumeFor(def, now);
      if (resume) fired.push((await resume.go())!);
    }
    for (const [id, b] of [...this.busy]) {
      if (now.getTime() > b.until) {
        this.busy.delete(id);
        fired.push(await this.recordSkipped(b.def, b.occurrence, 'schedule'));
        continue;
      }
      const run = await this.fire(b.def, b.occurrence, 'schedule');
      if (run.outcome !== 'waiting') this.busy.delete(id);
      fired.push(run);
    }
    const schedules = await loadSchedules(db.kysely, this.ctx.clans.main.tag);
    for (const def of this.definitions) {
      const due = this.dataDue.get(def.id);
      if (def.nextDue && due && due <= now) fired.push(await this.fire(def, due, 'schedule'));
    }
    for (const def of this.definitions) {
      const stored = schedules.get(def.id);
      if (!stored || def.nextDue) continue;
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
    for (const job of this.systemJobs) {
      const due = this.systemDue.get(job.id);
      if (due && due > now) continue;
      await this.runSystemJob(job, now);
      fired.push(...(await this.dataCatchUps(schedules, now)));
    }
    await this.refreshDataDue(now);
    return fired;
  }

  /** Scripts scheduled by the data: asked again after every tick (a snapshot may move them). */
  private async refreshDataDue(now: Date): Promise<void> {
    for (const def of this.definitions) {
      if (!def.nextDue) continue;
      try {
        this.dataDue.set(def.id, await def.nextDue(this.ctx, now));
      } catch (err) {
        this.ctx.log.error({ err, scriptId: def.id }, 'next due time could not be computed');
        this.dataDue.set(def.id, null);
      }
    }
  }

  /** Called after the admin changes what a data-scheduled script waits for (reminder times). */
  async refresh(): Promise<void> {
    await this.refreshDataDue(this.ctx.clock.now());
    if (this.timer) this.arm();
  }

  /** The next instant anything is due (tests drive the clock from one to the next). */
  nextWake(): Date | null {
    const now = this.ctx.clock.now().getTime();
    const times = [
      ...[...this.nextDue.values()].flatMap((d) => (d.at ? [d.at.getTime()] : [])),
      ...[...this.systemDue.values()].map((d) => d.getTime()),
      ...[...this.dataDue.values()].flatMap((d) => (d ? [d.getTime()] : [])),
      ...(this.busy.size > 0 ? [now + BUSY_RETRY_MS] : []),
    ];
    return times.length > 0 ? new Date(Math.min(...times)) : null;
  }

  /** Called after an edit on this instance: the new schedule counts from now (REL-JOB-10). */
  reschedule(scriptId: string, cron: string): void {
    this.nextDue.set(scriptId, { cron, at: this.nextAfter(cron, this.ctx.clock.now()) });
    if (this.timer) this.arm();
  }

  private get timezone(): string {
    return this.ctx.config.SCHEDULE_TIMEZONE;
  }

  private nextAfter(cron: string, now: Date): Date | null {
    return makeCron(cron, this.timezone).nextRun(now);
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.stopped) return;
    const now = this.ctx.clock.now().getTime();
    const next = this.nextWake();
    const wait = Math.max(0, Math.min(MAX_TIMER_MS, (next?.getTime() ?? now + MAX_TIMER_MS) - now));
    this.timer = setTimeout(() => {
      this.tick()
        .catch((err: unknown) => this.ctx.log.error({ err }, 'scheduler tick failed'))
        .finally(() => this.arm());
    }, wait);
    this.timer.unref();
  }

  private async runSystemJob(job: SystemJob, now: Date): Promise<void> {
    try {
      await job.run(now);
    } catch (err) {
      this.ctx.log.error({ err, job: job.id }, 'system job failed');
    }
    this.systemDue.set(job.id, job.nextAt(now));
  }

  /** Catch-ups the data asks for (inactive-players: a battle day owed a report past its run). */
  private async dataCatchUps(schedules: Map<string, { cron: string }>, now: Date): Promise<FiredRun[]> {
    const fired: FiredRun[] = [];
    for (const def of this.definitions) {
      const cron = schedules.get(def.id)?.cron;
      if (!def.dataCatchUp || !cron || this.runner.active.has(def.id) || this.busy.has(def.id)) continue;
      if ((await liveLeases(this.ctx.db.kysely, this.ctx.clans.main.tag)).has(def.id)) continue;
      const due = await def.dataCatchUp(this.ctx, { cron, timezone: this.timezone }, now);
      if (due) fired.push(await this.fire(def, null, 'catch-up', due.note, due.occurrenceKey));
    }
    return fired;
  }

  /** A failed occurrence run again: resumed after a restart, or retried (scripts/attempt-again.ts). */
  private async resumeFor(
    def: AnyScriptDefinition,
    now: Date,
  ): Promise<{ at: Date; go: () => Promise<FiredRun | null> } | null> {
    const again = await attemptAgain(this.ctx, def, now);
    if (!again) return null;
    const at = again.occurrence;
    const note =
      again.kind === 'resume'
        ? `Resumed: the server restarted during the run scheduled for ${this.when(at)}.`
        : `Retry of the run scheduled for ${this.when(at)}, which failed.`;
    return { at, go: () => this.fire(def, at, again.trigger, note, again.occurrenceKey) };
  }

  private async catchUpFor(
    def: AnyScriptDefinition,
    stored: { cron: string; updatedAt: string },
    now: Date,
  ): Promise<{ at: Date; go: () => Promise<FiredRun | null> } | null> {
    if (def.dataCatchUp) {
      const due = await def.dataCatchUp(this.ctx, { cron: stored.cron, timezone: this.timezone }, now);
      return due
        ? { at: due.occurrence, go: () => this.fire(def, null, 'catch-up', due.note, due.occurrenceKey) }
        : null;
    }
    const missed = previousOccurrence(stored.cron, this.timezone, now);
    if (!missed || missed.toISOString() < stored.updatedAt) return null;
    if (await hasRunFor(this.ctx.db.kysely, def.id, this.ctx.clans.main.tag, missed.toISOString())) return null;
    if (def.missedRunPolicy === 'once') {
      const note = `Catch-up of the run missed at ${this.when(missed)} (the server was not running).`;
      return { at: missed, go: () => this.fire(def, missed, 'catch-up', note) };
    }
    return { at: missed, go: () => this.recordMissed(def, missed, now) };
  }

  private async fire(
    def: AnyScriptDefinition,
    scheduledFor: Date | null,
    trigger: 'schedule' | 'catch-up',
    note?: string,
    occurrenceKey?: string,
  ): Promise<FiredRun> {
    const firedAt = this.ctx.clock.now();
    const started = await this.runner.start(def, { trigger, scheduledFor, note, occurrenceKey });
    if (started.kind === 'started')
      return { scriptId: def.id, scheduledFor, outcome: 'started', firedAt, done: started.done };
    if (started.kind === 'busy' && scheduledFor && trigger === 'schedule' && def.busyRetryMs) {
      // Another run (a manual one, say) holds the script: this occurrence tries again until its
      // window closes instead of being skipped.
      if (!this.busy.has(def.id)) {
        this.busy.set(def.id, { def, occurrence: scheduledFor, until: scheduledFor.getTime() + def.busyRetryMs });
      }
      return { scriptId: def.id, scheduledFor, outcome: 'waiting', firedAt, done: Promise.resolve() };
    }
    if (started.kind === 'busy' && scheduledFor) return this.recordSkipped(def, scheduledFor, trigger);
    return { scriptId: def.id, scheduledFor, outcome: started.kind, firedAt, done: Promise.resolve() };
  }

  private recordSkipped(def: AnyScriptDefinition, at: Date, trigger: 'schedule' | 'catch-up'): Promise<FiredRun> {
    return recordSkipped(this.ctx, def, at, trigger, this.when(at));
  }

  private recordMissed(def: AnyScriptDefinition, missed: Date, now: Date): Promise<FiredRun> {
    return recordMissed(this.ctx, def, missed, now, this.when(missed));
  }

  /** A run still `running` whose lease has expired was cut off by a crash (docs/war-tracking.md). */
  markInterrupted(now: Date): Promise<number> {
    return markInterrupted(this.ctx, this.definitions, (id) => this.runner.active.has(id), now, this.alerts);
  }

  private when(at: Date): string {
    return `${formatInZone(at, this.timezone)} (${at.toISOString().slice(0, 16).replace('T', ' ')} UTC)`;
  }
}
