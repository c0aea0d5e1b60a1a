import type { FastifyInstance } from 'fastify';
import type { ScriptEngine } from './engine.js';

/**
 * The scheduler starts once the server listens (tests that only inject never start it) and stops
 * on close, before the database handle is closed by server.ts.
 */
export function registerScriptLifecycle(app: FastifyInstance, engine: ScriptEngine): void {
  app.addHook('onListen', async () => {
    if (!engine.autoStart) return;
    // Not awaited: catch-up runs at start may poll for a while; the site serves meanwhile.
    void startScheduler(app, engine);
  });
  app.addHook('onClose', async () => {
    await engine.stop();
  });
}

async function startScheduler(app: FastifyInstance, engine: ScriptEngine): Promise<void> {
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
  } catch (err) {
    // SEC-ERR-02: the site keeps serving; the next start retries
    app.log.error({ err }, 'scheduler failed to start');
  }
}
