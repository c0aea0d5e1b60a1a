import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../app-context.js';

/**
 * Script-engine admin routes (issue 6): registered by the admin API inside the
 * authenticated scope, so every route here already requires a valid admin token.
 */
export async function registerScriptAdminRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
