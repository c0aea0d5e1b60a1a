import type { AppContext } from '../app-context.js';
import { formatInZone, makeCron, previousOccurrence } from './cron.js';
import { liveLeases } from './lease.repository.js';
import { slotKey, type AlertRaiser, type ScriptRunner, type StartResult } from './runner.js';
import { attemptAgain } from './attempt-again.js';
import { SchedulerTimer } from './scheduler-timer.js';
import { markInterrupted, recordMissed, recordSkipped } from './occurrence-records.js';
import { hasRunFor } from './runs.repository.js';
import { loadSchedules, type StoredSchedule } from './schedules.repository.js';
import type { AnyScriptDefinition, SystemJob } from './types.js';

/** How often a scheduled occurrence that found its script busy tries again. */
const BUSY_RETRY_MS = 30_000;

export interface FiredRun {
  scriptId: string;
  /** the clan it ran for */
  clanTag: string;
  /** the occurrence served; null for a catch-up the data asked for */
  scheduledFor: Date | null;
  /** 'waiting': the script was busy and the occurrence will try again inside its window */
  outcome: StartResult['kind'] | 'skipped' | 'waiting';
  /** when the scheduler fired it (runs may move a test's clock while they wait) */
  firedAt: Date;
  /** resolves when the run's row is completed (started runs only) */
  done: Promise<unknown>;
}

/** One script of one clan (docs/decisions/100-clan-family-data-model.md): it runs once at a time. */
interface Slot {
  def: AnyScriptDefinition;
  clanTag: string;
  /** slotKey(def.id, clanTag) */
  key: string;
}

interface BusyOccurrence {
  slot: Slot;
  occurrence: Date;
  until: number;
}

/**
 * Fires each clan's stored schedules in SCHEDULE_TIMEZONE from the injected clock (croner computes the
 * instants; `tick` fires what is due, so tests drive time without real timers), runs the system
 * jobs (war snapshots) and the catch-ups the data asks for. One occurrence is one row keyed by
 * its UTC instant: on several instances only one claim succeeds (REL-JOB-07).
 */
export class Scheduler {
  private readonly timer: SchedulerTimer;
  /** by slot key, as are busy and dataDue */
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
  ) {
    this.timer = new SchedulerTimer({
      ctx,
      tick: () => this.tick(),
      nextWake: () => this.nextWake(),
      stopped: () => this.stopped,
    });
  }

  /**
   * Start-up: mark interrupted runs, take a snapshot, then catch up what was missed (REL-JOB-06),
   * one run after another in the order of the occurrences they stand in for, then arm the timer.
   */
  async start(options: { timers: boolean }): Promise<FiredRun[]> {
    this.stopped = false;
    const now = this.ctx.clock.now();
    await this.markInterrupted(now);
    for (const job of this.systemJobs) await this.runSystemJob(job, now);
    const schedules = await this.loadSchedules();
    const pending: { at: Date; go: () => Promise<FiredRun | null> }[] = [];
    for (const slot of this.slots()) {
      const stored = schedules.get(slot.key);
      if (!stored || slot.def.nextDue) continue;
      this.nextDue.set(slot.key, { cron: stored.cron, at: this.nextAfter(stored.cron, now) });
      const catchUp = (await this.resumeFor(slot, now)) ?? (await this.catchUpFor(slot, stored, now));
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
    if (options.timers) this.timer.arm();
    return fired;
  }

  stop(): void {
    this.stopped = true;
    this.timer.clear();
  }

  /**
   * Fires every schedule whose next instant has come (only the newest due instant: no burst
   * after a clock jump, F9), retries occurrences that found their script busy, and runs due
   * system jobs followed by the catch-ups the data asks for.
   */
  async tick(): Promise<FiredRun[]> {
    const { clock, db } = this.ctx;
    const now = clock.now();
    // a clan added or removed on another instance counts from this tick
    await this.ctx.clans.reload(db.kysely);
    await this.markInterrupted(now);
    const fired: FiredRun[] = [];
    const slots = this.slots();
    for (const slot of slots) {
      if (this.runner.active.has(slot.key) || this.busy.has(slot.key)) continue;
      const resume = await this.resumeFor(slot, now);
      if (resume) fired.push((await resume.go())!);
    }
    for (const [key, b] of [...this.busy]) {
      if (now.getTime() > b.until) {
        this.busy.delete(key);
        fired.push(await this.recordSkipped(b.slot, b.occurrence, 'schedule'));
        continue;
      }
      const run = await this.fire(b.slot, b.occurrence, 'schedule');
      if (run.outcome !== 'waiting') this.busy.delete(key);
      fired.push(run);
    }
    const schedules = await this.loadSchedules();
    for (const slot of slots) {
      const due = this.dataDue.get(slot.key);
      if (slot.def.nextDue && due && due <= now) fired.push(await this.fire(slot, due, 'schedule'));
    }
    for (const slot of slots) {
      const stored = schedules.get(slot.key);
      if (!stored || slot.def.nextDue) continue;
      const known = this.nextDue.get(slot.key);
      if (!known || known.cron !== stored.cron) {
        // first sight or edited (possibly on another instance): start from now, fire nothing old
        this.nextDue.set(slot.key, { cron: stored.cron, at: this.nextAfter(stored.cron, now) });
        continue;
      }
      if (!known.at || known.at > now) continue;
      const occurrence = previousOccurrence(stored.cron, this.timezone, new Date(now.getTime() + 1)) ?? known.at;
      fired.push(await this.fire(slot, occurrence, 'schedule'));
      this.nextDue.set(slot.key, { cron: stored.cron, at: this.nextAfter(stored.cron, now) });
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
    for (const { def, clanTag, key } of this.slots()) {
      if (!def.nextDue) continue;
      try {
        this.dataDue.set(key, await def.nextDue(this.ctx, clanTag, now));
      } catch (err) {
        this.ctx.log.error({ err, scriptId: def.id, clanTag }, 'next due time could not be computed');
        this.dataDue.set(key, null);
      }
    }
  }

  /** Every script of every clan in the family now, the main clan's first. */
  private slots(): Slot[] {
    return this.ctx.clans
      .active()
      .flatMap((clan) => this.definitions.map((def) => ({ def, clanTag: clan.tag, key: slotKey(def.id, clan.tag) })));
  }

  /** Each active clan's stored schedules, by slot key. */
  private async loadSchedules(): Promise<Map<string, StoredSchedule>> {
    const all = new Map<string, StoredSchedule>();
    for (const clan of this.ctx.clans.active()) {
      for (const [id, stored] of await loadSchedules(this.ctx.db.kysely, clan.tag))
        all.set(slotKey(id, clan.tag), stored);
    }
    return all;
  }

  /** Called after the admin changes what a data-scheduled script waits for (reminder times). */
  async refresh(): Promise<void> {
    await this.refreshDataDue(this.ctx.clock.now());
    if (this.timer.armed) this.timer.arm();
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
  reschedule(scriptId: string, clanTag: string, cron: string): void {
    this.nextDue.set(slotKey(scriptId, clanTag), { cron, at: this.nextAfter(cron, this.ctx.clock.now()) });
    if (this.timer.armed) this.timer.arm();
  }

  private get timezone(): string {
    return this.ctx.config.SCHEDULE_TIMEZONE;
  }

  private nextAfter(cron: string, now: Date): Date | null {
    return makeCron(cron, this.timezone).nextRun(now);
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
    for (const slot of this.slots()) {
      const { def, clanTag, key } = slot;
      const cron = schedules.get(key)?.cron;
      if (!def.dataCatchUp || !cron || this.runner.active.has(key) || this.busy.has(key)) continue;
      if ((await liveLeases(this.ctx.db.kysely, clanTag)).has(def.id)) continue;
      const due = await def.dataCatchUp(this.ctx, clanTag, { cron, timezone: this.timezone }, now);
      if (due) fired.push(await this.fire(slot, null, 'catch-up', due.note, due.occurrenceKey));
    }
    return fired;
  }

  /** A failed occurrence run again: resumed after a restart, or retried (scripts/attempt-again.ts). */
  private async resumeFor(slot: Slot, now: Date): Promise<{ at: Date; go: () => Promise<FiredRun | null> } | null> {
    const again = await attemptAgain(this.ctx, slot.def, slot.clanTag, now);
    if (!again) return null;
    const at = again.occurrence;
    const note =
      again.kind === 'resume'
        ? `Resumed: the server restarted during the run scheduled for ${this.when(at)}.`
        : `Retry of the run scheduled for ${this.when(at)}, which failed.`;
    return { at, go: () => this.fire(slot, at, again.trigger, note, again.occurrenceKey) };
  }

  private async catchUpFor(
    slot: Slot,
    stored: { cron: string; updatedAt: string },
    now: Date,
  ): Promise<{ at: Date; go: () => Promise<FiredRun | null> } | null> {
    const { def, clanTag } = slot;
    if (def.dataCatchUp) {
      const due = await def.dataCatchUp(this.ctx, clanTag, { cron: stored.cron, timezone: this.timezone }, now);
      return due
        ? { at: due.occurrence, go: () => this.fire(slot, null, 'catch-up', due.note, due.occurrenceKey) }
        : null;
    }
    const missed = previousOccurrence(stored.cron, this.timezone, now);
    if (!missed || missed.toISOString() < stored.updatedAt) return null;
    if (await hasRunFor(this.ctx.db.kysely, def.id, clanTag, missed.toISOString())) return null;
    if (def.missedRunPolicy === 'once') {
      const note = `Catch-up of the run missed at ${this.when(missed)} (the server was not running).`;
      return { at: missed, go: () => this.fire(slot, missed, 'catch-up', note) };
    }
    return { at: missed, go: () => this.recordMissed(slot, missed, now) };
  }

  private async fire(
    slot: Slot,
    scheduledFor: Date | null,
    trigger: 'schedule' | 'catch-up',
    note?: string,
    occurrenceKey?: string,
  ): Promise<FiredRun> {
    const { def, clanTag, key } = slot;
    const firedAt = this.ctx.clock.now();
    const started = await this.runner.start(def, { trigger, scheduledFor, note, occurrenceKey, clanTag });
    const fired = { scriptId: def.id, clanTag, scheduledFor, firedAt };
    if (started.kind === 'started') return { ...fired, outcome: 'started', done: started.done };
    if (started.kind === 'busy' && scheduledFor && trigger === 'schedule' && def.busyRetryMs) {
      // Another run (a manual one, say) holds the script: this occurrence tries again until its
      // window closes instead of being skipped.
      if (!this.busy.has(key)) {
        this.busy.set(key, { slot, occurrence: scheduledFor, until: scheduledFor.getTime() + def.busyRetryMs });
      }
      return { ...fired, outcome: 'waiting', done: Promise.resolve() };
    }
    if (started.kind === 'busy' && scheduledFor) return this.recordSkipped(slot, scheduledFor, trigger);
    return { ...fired, outcome: started.kind, done: Promise.resolve() };
  }

  private recordSkipped(slot: Slot, at: Date, trigger: 'schedule' | 'catch-up'): Promise<FiredRun> {
    return recordSkipped(this.ctx, slot.def, slot.clanTag, at, trigger, this.when(at));
  }

  private recordMissed(slot: Slot, missed: Date, now: Date): Promise<FiredRun> {
    return recordMissed(this.ctx, slot.def, slot.clanTag, missed, now, this.when(missed));
  }

  /** A run still `running` whose lease has expired was cut off by a crash (docs/war-tracking.md). */
  markInterrupted(now: Date): Promise<number> {
    const here = (scriptId: string, clanTag: string) => this.runner.active.has(slotKey(scriptId, clanTag));
    return markInterrupted(this.ctx, this.definitions, here, now, this.alerts);
  }

  private when(at: Date): string {
    return `${formatInZone(at, this.timezone)} (${at.toISOString().slice(0, 16).replace('T', ' ')} UTC)`;
  }
}
