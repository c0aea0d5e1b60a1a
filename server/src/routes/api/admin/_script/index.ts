import type { FastifyInstance } from 'fastify';
import type { ScriptEngine } from '#server/scripts/engine';
import { registerHistoryRoute } from './history.js';
import { registerReplayRoute } from './replay.js';
import { registerRunRoute } from './run.js';
import { registerScheduleRoutes } from './schedule.js';

/**
 * /api/admin/:script/*, one set per registered script, with the script's URL segment in place of
 * `:script` (docs/product.md §7: `river-race` for river-race-log). A folder named `_name` stands
 * for a URL segment that varies.
 */
export function registerScriptRoutes(app: FastifyInstance, engine: ScriptEngine): void {
  for (const def of engine.definitions) {
    registerRunRoute(app, engine, def);
    if (def.replay) registerReplayRoute(app, engine, def);
    registerScheduleRoutes(app, engine, def);
    registerHistoryRoute(app, engine, def);
  }
}
