import type { FastifyInstance } from 'fastify';
import { databaseParamsSchema, databaseQuerySchema, databaseResponseSchema } from '#contracts/admin-scripts';
import { withContracts } from '#server/plugins/contract-schemas';
import type { ScriptEngine } from '#server/scripts/engine';
import { ADMIN_ERRORS, errorResponses } from '#server/routes/responses';

/**
 * GET /api/admin/database/:table, the database viewer (SEC-DB-01/02). The params schema is the
 * exact allow-list: any other name answers 404 before any SQL runs. `?clan=` picks the family's clan.
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
      const clanTag = engine.clanOf(request.query.clan);
      request.log.info({ action: 'database.view', table, limit, clanTag }, 'admin action');
      return { table, ...(await engine.viewTable(table, limit, clanTag)), limit };
    },
  );
}
