import type { AppContext } from '../app-context.js';
import { fromSimulator } from '../clients/clash-royale/access.js';
import { ManualClock } from '../lib/clock.js';
import { readSetting, writeSetting } from '../modules/settings/app-settings.repository.js';
import { clearDemoData } from '../modules/settings/demo-data.repository.js';
import { seedDemoExcuse, seedDemoMembers } from '../modules/members/demo-members.js';
import { startSimulator } from '../simulator/index.js';
import { makeCron } from './cron.js';
import { ScriptEngine } from './engine.js';
import { WarSnapshotJob } from './clan/war-snapshot.job.js';
import type { SystemJob } from './types.js';

const DAY = 86_400_000;
/**
 * How far back the demo's first start replays the scripts: three war weeks of daily reports and
 * three Mondays of weekly runs (the first river race log backfills the ten weeks the log keeps,
 * so records and monthly champions reach back about three months).
 */
export const DEMO_HISTORY_DAYS = 22;
const MARKER = 'demo_history_filled_at';
/**
 * The replay's last days take war snapshots too, so the demo shows a reset prediction and the
 * war reminders of those days (docs/reminders.md); all 22 days would make the first start slower.
 */
const SNAPSHOT_DAYS = 3;

/**
 * The demo's believable past (docs/decisions/019-demo-history.md). On the first start in demo mode
 * the REAL scheduler and scripts run over the last weeks against a simulator of the same clan on a
 * clock of their own, from one scheduled instant to the next, so every table, the history and
 * the Discord outbox are filled the way a real clan's would be. Once: a marker in app_settings;
 * DEMO_RESET=1 (or a fresh data folder) starts over. Then a few members are linked to Discord and
 * excused (modules/members/demo-members.ts).
 */
export async function fillDemoHistory(ctx: AppContext): Promise<{ filled: boolean; ms: number }> {
  const live = ctx.cr.simulator;
  if (!ctx.cr.demo || !live || ctx.config.DEMO_HISTORY === '0') return { filled: false, ms: 0 };
  const db = ctx.db.kysely;
  if (ctx.config.DEMO_RESET === '1') await clearDemoData(db);
  else if (await readSetting(db, MARKER)) return { filled: false, ms: 0 };

  const started = Date.now();
  const now = ctx.clock.now();
  const clock = new ManualClock(new Date(now.getTime() - DEMO_HISTORY_DAYS * DAY));
  // The same simulated clan, on the past's clock (the model is a function of time: caches are shared).
  const sim = await startSimulator({ clock, clanTag: live.state.clanTag, state: live.state });
  // A real history has a failed run too: the first Monday's river race log meets maintenance.
  const firstLogRun = makeCron('0 10 * * 1', ctx.config.SCHEDULE_TIMEZONE).nextRun(clock.now());
  if (firstLogRun) {
    sim.faults.setBetween(
      'riverracelog',
      { kind: 'maintenance' },
      firstLogRun,
      new Date(firstLogRun.getTime() + 30 * 60_000),
    );
  }
  const access = fromSimulator(sim, { closeSimulator: true, client: { clock } });
  // The replayed past's failures (the staged maintenance above) belong to the simulated history,
  // not to this start: only errors of the replay itself reach the log.
  const quiet = ctx.log.level === 'fatal' || ctx.log.level === 'silent' ? ctx.log.level : 'error';
  const log = ctx.log.child({ demoHistory: true }, { level: quiet });
  const past: AppContext = { ...ctx, clock, cr: access, log };
  const snapshotsFrom = now.getTime() - SNAPSHOT_DAYS * DAY;
  const snapshots = new WarSnapshotJob(past);
  const lastDays: SystemJob = {
    id: snapshots.id,
    nextAt: (after) => snapshots.nextAt(new Date(Math.max(after.getTime(), snapshotsFrom))),
    run: async (at) => (at.getTime() >= snapshotsFrom ? snapshots.run(at) : undefined),
  };
  // a member who never plays, excused for last week's battle days: its reports list them as excused
  const excusedTag = live.state.inactiveTags().find((tag) => live.state.findPlayer(tag, now)) ?? null;
  if (excusedTag) await seedDemoExcuse(db, now, excusedTag);
  const engine = new ScriptEngine(past, { systemJobs: [lastDays], autoStart: false });
  try {
    await engine.start({ timers: false });
    for (;;) {
      const next = engine.nextWake();
      if (!next || next > now) break;
      if (next > clock.now()) clock.set(next);
      const fired = await engine.tick();
      await Promise.all(fired.map((f) => f.done));
    }
  } finally {
    await engine.stop();
    await access.close();
  }
  await seedDemoMembers(db, ctx.clans.main.tag, now, excusedTag);
  await writeSetting(db, MARKER, now.toISOString());
  return { filled: true, ms: Date.now() - started };
}
