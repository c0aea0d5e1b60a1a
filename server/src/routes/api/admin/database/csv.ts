import type { FastifyInstance } from 'fastify';
import type { ClanOf } from '#contracts/admin-family';
import { databaseParamsSchema, databaseQuerySchema } from '#contracts/admin-scripts';
import { csvResponseSchema } from '#contracts/war-insights';
import type { WarInsightsService } from '#server/modules/war/insights/war-insights.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, errorResponses } from '#server/routes/responses';
import { sendCsv } from '../war-report/send-csv.js';

/** GET /api/admin/database/:table/csv: a records table the viewer shows, as CSV (same allow-lists, docs/war-insights.md). */
export function registerDatabaseCsvRoute(app: FastifyInstance, insights: WarInsightsService, clanOf: ClanOf): void {
  withContracts(app).get(
    '/api/admin/database/:table/csv',
    {
      schema: {
        params: databaseParamsSchema,
        querystring: databaseQuerySchema,
        response: { 200: csvResponseSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => {
      const { table } = request.params;
      const clanTag = clanOf(request.query.clan);
      request.log.info({ action: 'database.csv', table, clanTag }, 'admin action');
      return sendCsv(reply, await insights.tableCsv(table, request.query.limit, clanTag));
    },
  );
}
