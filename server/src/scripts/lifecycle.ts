import type { FastifyInstance } from 'fastify';
import type { ScriptEngine } from './engine.js';
import { waitDelayMs } from '../db/wait-for-database.js';

/**
 * The scheduler starts once the server listens (tests that only inject never start it) and stops
 * on close, before the database handle is closed by server.ts.
 */
export function registerScriptLifecycle(app: FastifyInstance, engine: ScriptEngine): void {
  const closing = new AbortController();
  app.addHook('onListen', async () => {
    if (!engine.autoStart) return;
    // Not awaited: the real API may be slow, and catch-up runs may poll for a while; the site serves meanwhile.
    if (!app.ctx.cr.demo) void checkClashRoyale(app);
    void startScheduler(app, engine, closing.signal);
  });
  app.addHook('onClose', async () => {
    closing.abort();
    await engine.stop();
  });
}

/**
 * Demo mode, before listening: check the simulator and, on the first start, fill the simulated
 * clan's recent history, so no visitor (and no cache) ever sees the demo empty.
 */
export async function prepareDemo(app: FastifyInstance): Promise<void> {
  if (!app.ctx.cr.demo) return;
  await app.ready();
  await checkClashRoyale(app);
  // Demo only: a live server never loads the history filler (nor the simulator it drives).
  const { fillDemoHistory } = await import('./demo-history.js');
  const history = await fillDemoHistory(app.ctx);
  if (history.filled) app.log.info({ ms: history.ms }, 'demo mode: the simulated clan’s recent history was filled');
}

/**
 * Starts the scheduler (its catch-ups included), trying again with backoff until it starts or the server closes: the
 * database may go away between the start's check and this moment, and a scheduler that never started would miss
 * every run until the next restart.
 */
async function startScheduler(app: FastifyInstance, engine: ScriptEngine, closing: AbortSignal): Promise<void> {
  for (let attempt = 1; !closing.aborted; attempt++) {
    try {
      const fired = await engine.start();
      if (fired.length > 0) {
        const caughtUp = fired.map((f) => ({
          scriptId: f.scriptId,
          scheduledFor: f.scheduledFor?.toISOString() ?? null,
          outcome: f.outcome,
        }));
        app.log.info({ caughtUp }, 'missed script runs handled at start');
      }
      return;
    } catch (err) {
      // SEC-ERR-02: the site keeps serving meanwhile; the database away is logged once by its status
      if (!app.ctx.db.status.failed(err)) app.log.error({ err, attempt }, 'scheduler failed to start; trying again');
      await app.ctx.clock.sleep(waitDelayMs(attempt), closing).catch(() => undefined);
    }
  }
}

/** One light call at start, so the admin's API card shows the real state at once (not "not checked"). */
async function checkClashRoyale(app: FastifyInstance): Promise<void> {
  const { cr, config } = app.ctx;
  await cr.client.getClan(config.CLAN_TAG).catch((err: unknown) => {
    app.log.warn({ err: err instanceof Error ? err.message : err }, 'Clash Royale API check at start failed');
  });
}
