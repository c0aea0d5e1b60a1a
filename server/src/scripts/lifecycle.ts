import type { FastifyInstance } from 'fastify';
import type { ScriptEngine } from './engine.js';

/**
 * The scheduler starts once the server listens (tests that only inject never start it) and stops
 * on close, before the database handle is closed by server.ts.
 */
export function registerScriptLifecycle(app: FastifyInstance, engine: ScriptEngine): void {
  app.addHook('onListen', async () => {
    if (!engine.autoStart) return;
    try {
      const fired = await engine.start();
      if (fired.length > 0)
        app.log.info(
          {
            caughtUp: fired.map((f) => ({
              scriptId: f.scriptId,
              scheduledFor: f.scheduledFor.toISOString(),
              outcome: f.outcome,
            })),
          },
          'missed script runs handled at start',
        );
    } catch (err) {
      // SEC-ERR-02: the site keeps serving; the next start retries
      app.log.error({ err }, 'scheduler failed to start');
    }
  });
  app.addHook('onClose', async () => {
    await engine.stop();
  });
}
