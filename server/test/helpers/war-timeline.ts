import type { InactivePlayersResult, ReportedDay } from '../../../contracts/admin-scripts.js';
import { buildApp, type AppDeps } from '../../src/app.js';
import type { ScriptEngineOptions } from '../../src/scripts/engine.js';
import { fromSimulator } from '../../src/clients/clash-royale/access.js';
import type { Engine } from '../../src/db/database.js';
import { ManualClock } from '../../src/lib/clock.js';
import type { RunReport } from '../../src/scripts/runner.js';
import type { FiredRun } from '../../src/scripts/scheduler.js';
import type { AnyScriptDefinition } from '../../src/scripts/types.js';
import { startSimulator, type FaultRate, type PeriodInfo, type Simulator } from '../../src/simulator/index.js';
import type { TestApp } from './test-app.js';
import { scriptTestApp } from './scripts.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface TimelineOptions {
  seed?: number;
  maintenanceRate?: number;
  faultRate?: FaultRate;
  /** per-call deadline of the Clash Royale client (real milliseconds) */
  deadlineMs?: number;
  /** engine options (a Discord receiver), extra environment and deps (a mailer) */
  scripts?: ScriptEngineOptions;
  env?: Record<string, string>;
  deps?: Partial<AppDeps>;
}

/** A finished run as the scheduler fired it, with its report. */
export interface TimelineRun {
  scriptId: string;
  trigger: string;
  firedAt: Date;
  finishedAt: Date;
  status: string;
  message: string;
  result: Record<string, unknown> | null;
}

export interface WarTimeline {
  t: TestApp;
  clock: ManualClock;
  sim: Simulator;
  runs: TimelineRun[];
  /** runs the real scheduler from one due instant to the next until `until` (no real waiting) */
  driveUntil(until: Date | string): Promise<void>;
  /** the server starts (interrupted runs, snapshot, catch-ups in order) at the clock's time */
  start(): Promise<void>;
  /** the server stops now and starts again at `at` on the same database (nothing ran between) */
  restart(at: Date | string): Promise<void>;
  /** a manual run from the admin panel */
  runNow(scriptId: string): Promise<TimelineRun>;
  /** a manual run of a definition, with the engine's full report */
  run(def: AnyScriptDefinition): Promise<RunReport>;
  at(iso: string | Date): void;
  period(at: Date | string): PeriodInfo;
  close(): Promise<void>;
}

/**
 * The whole app (default scripts, the real scheduler and war snapshot job) on a simulator of its
 * own, all on one manual clock. Code that waits (the inactive-players window, client backoff)
 * moves the clock forward, so a year runs in seconds; the simulator's ledger is the truth.
 */
export async function warTimeline(engine: Engine, start: string, options: TimelineOptions = {}): Promise<WarTimeline> {
  const clock = new ManualClock(start);
  const sim = await startSimulator({
    clock,
    seed: options.seed,
    maintenanceRate: options.maintenanceRate,
    faultRate: options.faultRate,
  });
  const access = fromSimulator(sim, {
    closeSimulator: true,
    client: { clock, deadlineMs: options.deadlineMs ?? 10_000 },
  });
  const t = await scriptTestApp(engine, clock, options.scripts ?? {}, options.env ?? {}, {
    ...options.deps,
    clashRoyale: access,
  });
  const runs: TimelineRun[] = [];
  let scripts = t.app.services.scripts;

  async function settle(fired: FiredRun[]): Promise<void> {
    for (const f of fired) {
      // the scheduler's own time: runs fired by one tick run side by side, and an earlier one may move the clock
      const firedAt = f.firedAt;
      const report = (await f.done) as
        { status: string; message: string; result: Record<string, unknown> | null } | undefined;
      if (f.outcome !== 'started' || !report) continue;
      const def = scripts.find(f.scriptId)!;
      const [row] = await scripts.history(def, 1);
      runs.push({
        scriptId: f.scriptId,
        trigger: row?.trigger ?? 'schedule',
        firedAt,
        finishedAt: clock.now(),
        status: report.status,
        message: report.message,
        result: report.result,
      });
    }
  }

  return {
    t,
    clock,
    sim,
    runs,
    async driveUntil(until) {
      const end = new Date(until).getTime();
      for (;;) {
        const next = scripts.nextWake();
        if (!next || next.getTime() > end) break;
        if (next > clock.now()) clock.set(next);
        await settle(await scripts.tick());
      }
      if (clock.now().getTime() < end) clock.set(new Date(end));
    },
    async start() {
      await settle(await scripts.start({ timers: false }));
    },
    async restart(at) {
      await t.app.close();
      clock.set(at);
      t.app = await buildApp({
        config: t.config,
        db: t.db,
        clock,
        logger: false,
        clashRoyale: access,
        scripts: { autoStart: false },
      });
      await t.app.ready();
      scripts = t.app.services.scripts;
      await settle(await scripts.start({ timers: false }));
    },
    async runNow(scriptId) {
      const def = scripts.find(scriptId)!;
      const firedAt = clock.now();
      const report = await scripts.runNow(def);
      const run = {
        scriptId,
        trigger: 'manual',
        firedAt,
        finishedAt: clock.now(),
        status: report.status,
        message: report.message,
        result: report.result,
      };
      runs.push(run);
      return run;
    },
    run: (def) => scripts.runNow(def),
    at: (iso) => clock.set(iso),
    period: (at) => sim.state.period(new Date(at)),
    close: async () => {
      await t.close();
      await access.close();
    },
  };
}

/** Every battle day the inactive-players runs reported, with the run that reported it. */
export function reportedDays(runs: readonly TimelineRun[]): { run: TimelineRun; day: ReportedDay }[] {
  return runs
    .filter((r) => r.scriptId === 'inactive-players' && r.status === 'completed' && r.result)
    .flatMap((run) => ((run.result as InactivePlayersResult).reportedDays ?? []).map((day) => ({ run, day })));
}
