import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../app-context.js';
import { registerDatabaseRoutes } from './database-routes.js';
import { registerRunRoutes } from './run-routes.js';
import { registerScheduleRoutes } from './schedule-routes.js';
import { registerSystemRoutes } from './system-routes.js';

/**
 * Script-engine admin routes: registered by the admin API inside the
 * authenticated scope, so every route here already requires a valid admin token.
 */
export async function registerScriptAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerRunRoutes(app, ctx);
  registerScheduleRoutes(app, ctx);
  registerDatabaseRoutes(app, ctx);
  registerSystemRoutes(app, ctx);
}
