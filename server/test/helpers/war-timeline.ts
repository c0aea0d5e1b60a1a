import type { InactivePlayersResult, ReportedDay } from '#contracts/admin-scripts';
import { buildApp, type AppDeps } from '../../src/app.js';
import { DiscordSender } from '../../src/clients/discord/sender.js';
import type { ScriptEngineOptions } from '../../src/scripts/engine.js';
import { fromSimulator } from '../../src/clients/clash-royale/access.js';
import type { Engine } from '../../src/db/database.js';
import type { ManualClock } from '../../src/lib/clock.js';
import type { RunReport } from '../../src/scripts/runner.js';
import type { FiredRun } from '../../src/scripts/scheduler.js';
import type { AnyScriptDefinition } from '../../src/scripts/types.js';
import {
  startSimulator,
  type FaultRate,
  type PeriodInfo,
  type Simulator,
  type SimulatorOptions,
} from '../../src/simulator/index.js';
import type { TestApp } from './test-app.js';
import type { TestDb } from './test-db.js';
import { scriptTestApp } from './scripts.js';
import { startDiscordReceiver } from './discord-receiver.js';
import { HoldingClock } from './holding-clock.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface TimelineOptions {
  seed?: number;
  maintenanceRate?: number;
  /** chance per member and day to leave and rejoin later */
  hopRate?: number;
  /** the simulator serves a family: these clans beside the main one (docs/decisions/102-simulated-family.md) */
  family?: SimulatorOptions['family'];
  /** the family's expected moves per day */
  moveRate?: number;
  /** the simulator's hard move profile: moves around the reset, returns, rejoins, moves after a day's decks */
  hardMoves?: boolean;
  /**
   * a local stand-in for Discord's webhook, answering 503 during these windows (clock time) and
   * 200 with a message id otherwise; what it accepted is in `discord.delivered`
   */
  discordOutages?: { from: Date; to: Date }[];
  faultRate?: FaultRate;
  /** per-call deadline of the Clash Royale client (real milliseconds) */
  deadlineMs?: number;
  /** engine options (a Discord receiver), extra environment and deps (a mailer) */
  scripts?: ScriptEngineOptions;
  env?: Record<string, string>;
  deps?: Partial<AppDeps>;
  /** runs on the empty database before the app starts and migrates it (an older install) */
  prepareDb?: (db: TestDb, sim: Simulator) => Promise<void>;
}

/** A finished run as the scheduler fired it, with its report. */
export interface TimelineRun {
  scriptId: string;
  /** the clan it ran for */
  clanTag: string;
  trigger: string;
  firedAt: Date;
  finishedAt: Date;
  status: string;
  message: string;
  result: Record<string, unknown> | null;
}

/** A message part the Discord stand-in accepted (200). */
export interface DeliveredPart {
  at: Date;
  content: string;
}

export interface WarTimeline {
  t: TestApp;
  clock: ManualClock;
  /** the Discord stand-in, when `discordOutages` was given */
  discord: { delivered: DeliveredPart[]; refused: number } | null;
  /** restarts done so far: planned ones and those inside a run (a deploy while it polls) */
  restarts: { at: Date; during: 'idle' | 'run' }[];
  /** the server stops at `at` while a run is sleeping across it (inside its window) and starts `downMs` later */
  restartDuringRun(at: Date, downMs: number): void;
  /** the server stops at `at` (between ticks) and starts `downMs` later */
  restartBetweenRuns(at: Date, downMs: number): void;
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
  const clock = new HoldingClock(start);
  const sim = await startSimulator({
    clock,
    seed: options.seed,
    maintenanceRate: options.maintenanceRate,
    hopRate: options.hopRate,
    faultRate: options.faultRate,
    family: options.family,
    moveRate: options.moveRate,
    hardMoves: options.hardMoves,
  });
  const access = fromSimulator(sim, {
    closeSimulator: true,
    client: { clock, deadlineMs: options.deadlineMs ?? 10_000 },
  });
  const delivered: DeliveredPart[] = [];
  let refused = 0;
  const outages = options.discordOutages ?? null;
  const receiver = outages
    ? await startDiscordReceiver((req, i) => {
        const now = clock.now();
        if (outages.some((o) => now >= o.from && now < o.to)) {
          refused++;
          return { status: 503, body: { message: 'Service Unavailable' } };
        }
        delivered.push({ at: now, content: String(req.body.content ?? '') });
        return { status: 200, body: { id: String(1_000_000 + i) } };
      })
    : null;
  const scriptOptions = {
    ...options.scripts,
    ...(receiver ? { discord: new DiscordSender({ webhookUrl: receiver.url, clock }) } : {}),
  };
  const prepareDb = options.prepareDb;
  const t = await scriptTestApp(
    engine,
    clock,
    scriptOptions,
    options.env ?? {},
    { ...options.deps, clashRoyale: access },
    prepareDb ? (db) => prepareDb(db, sim) : undefined,
  );
  const runs: TimelineRun[] = [];
  const restarts: { at: Date; during: 'idle' | 'run' }[] = [];
  const planned: { at: number; downMs: number }[] = [];
  const holds: { at: Date; downMs: number; reached: Promise<void> }[] = [];
  let scripts = t.app.services.scripts;

  async function settle(fired: FiredRun[]): Promise<void> {
    for (const f of fired) {
      // the scheduler's own time: runs fired by one tick run side by side, and an earlier one may move the clock
      const firedAt = f.firedAt;
      const report = (await f.done) as
        { status: string; message: string; result: Record<string, unknown> | null } | undefined;
      if (f.outcome !== 'started' || !report) continue;
      const def = scripts.find(f.scriptId)!;
      const [row] = await scripts.history(def, 1, f.clanTag);
      runs.push({
        scriptId: f.scriptId,
        clanTag: f.clanTag,
        trigger: row?.trigger ?? 'schedule',
        firedAt,
        finishedAt: clock.now(),
        status: report.status,
        message: report.message,
        result: report.result,
      });
    }
  }

  /** Stops the app now (its runs are recorded interrupted) and starts a new one on the same database at `at`. */
  async function reopen(at: Date): Promise<FiredRun[]> {
    await t.app.close();
    clock.set(at);
    t.app = await buildApp({
      config: t.config,
      db: t.db,
      clock,
      logger: false,
      clashRoyale: access,
      scripts: { ...scriptOptions, autoStart: false },
    });
    await t.app.ready();
    scripts = t.app.services.scripts;
    return scripts.start({ timers: false });
  }

  /**
   * Runs one scheduler step (a tick or the start) to the end of its runs. When a run sleeps across
   * a planned restart instant, the server restarts there: the run is cut off, and the new server
   * starts (resuming what its window still allows).
   */
  async function step(work: () => Promise<FiredRun[]>): Promise<void> {
    const reached = holds.map((h) => h.reached.then(() => h));
    const settled = work().then(settle);
    const first = await Promise.race([settled.then(() => null), ...reached]);
    if (!first) return;
    holds.splice(holds.indexOf(first), 1);
    restarts.push({ at: first.at, during: 'run' });
    const fired = await reopen(new Date(first.at.getTime() + first.downMs)).catch(async (err: unknown) => {
      await settled.catch(() => undefined);
      throw err;
    });
    await settled;
    await step(() => Promise.resolve(fired));
  }

  return {
    t,
    clock,
    sim,
    runs,
    discord: receiver
      ? {
          delivered,
          get refused() {
            return refused;
          },
        }
      : null,
    restarts,
    restartDuringRun(at, downMs) {
      holds.push({ at, downMs, reached: clock.holdAt(at) });
    },
    restartBetweenRuns(at, downMs) {
      planned.push({ at: at.getTime(), downMs });
      planned.sort((a, b) => a.at - b.at);
    },
    async driveUntil(until) {
      const end = new Date(until).getTime();
      for (;;) {
        const next = scripts.nextWake();
        const restart = planned[0];
        if (restart && restart.at <= end && (!next || restart.at <= next.getTime())) {
          planned.shift();
          if (restart.at > clock.now().getTime()) clock.set(new Date(restart.at));
          restarts.push({ at: new Date(restart.at), during: 'idle' });
          await step(() => reopen(new Date(restart.at + restart.downMs)));
          continue;
        }
        if (!next || next.getTime() > end) break;
        if (next > clock.now()) clock.set(next);
        await step(() => scripts.tick());
      }
      if (clock.now().getTime() < end) clock.set(new Date(end));
    },
    async start() {
      await step(() => scripts.start({ timers: false }));
    },
    async restart(at) {
      await step(() => reopen(new Date(at)));
    },
    async runNow(scriptId) {
      const def = scripts.find(scriptId)!;
      const firedAt = clock.now();
      const report = await scripts.runNow(def);
      const run = {
        scriptId,
        clanTag: t.app.ctx.clans.main.tag,
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
      await receiver?.close();
    },
  };
}

/** Every battle day the inactive-players runs reported, with the run that reported it. */
export function reportedDays(runs: readonly TimelineRun[]): { run: TimelineRun; day: ReportedDay }[] {
  return runs
    .filter((r) => r.scriptId === 'inactive-players' && r.status === 'completed' && r.result)
    .flatMap((run) => ((run.result as InactivePlayersResult).reportedDays ?? []).map((day) => ({ run, day })));
}
