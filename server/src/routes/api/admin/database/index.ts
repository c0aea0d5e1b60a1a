import type { FastifyInstance } from 'fastify';
import {
  databaseParamsSchema,
  databaseQuerySchema,
  databaseResponseSchema,
} from '../../../../../../contracts/admin-scripts.js';
import { withContracts } from '../../../../plugins/contract-schemas.js';
import type { ScriptEngine } from '../../../../scripts/engine.js';
import { ADMIN_ERRORS, errorResponses } from '../../../responses.js';

/**
 * GET /api/admin/database/:table, the database viewer (SEC-DB-01/02). The params schema is the
 * exact allow-list: any other name answers 404 before any SQL runs.
 */
export function registerDatabaseRoute(app: FastifyInstance, engine: ScriptEngine): void {
  withContracts(app).get(
    '/api/admin/database/:table',
    {
      schema: {
        params: databaseParamsSchema,
        querystring: databaseQuerySchema,
        response: { 200: databaseResponseSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const { table } = request.params;
      const { limit } = request.query;
      request.log.info({ action: 'database.view', table, limit }, 'admin action');
      return { table, ...(await engine.viewTable(table, limit)), limit };
    },
  );
}
