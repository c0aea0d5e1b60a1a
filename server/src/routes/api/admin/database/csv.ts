import type { FastifyInstance } from 'fastify';
import { databaseParamsSchema, databaseQuerySchema } from '../../../../../../contracts/admin-scripts.js';
import { csvResponseSchema } from '../../../../../../contracts/war-insights.js';
import type { WarInsightsService } from '../../../../modules/war/insights/war-insights.service.js';
import { withContracts } from '../../../../plugins/contract-schemas.js';
import { ADMIN_ERRORS, errorResponses } from '../../../responses.js';
import { sendCsv } from '../war-report/send-csv.js';

/** GET /api/admin/database/:table/csv: a records table the viewer shows, as CSV (same allow-lists, docs/war-insights.md). */
export function registerDatabaseCsvRoute(app: FastifyInstance, insights: WarInsightsService): void {
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
      request.log.info({ action: 'database.csv', table }, 'admin action');
      return sendCsv(reply, await insights.tableCsv(table, request.query.limit));
    },
  );
}
