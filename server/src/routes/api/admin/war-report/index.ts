import type { FastifyInstance } from 'fastify';
import {
  csvResponseSchema,
  memberHistoryResponseSchema,
  memberParamsSchema,
  memberTableResponseSchema,
  warReportResponseSchema,
} from '#contracts/war-insights';
import type { WarInsightsService } from '#server/modules/war/insights/war-insights.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, errorResponses } from '#server/routes/responses';
import { sendCsv } from './send-csv.js';

/**
 * /api/admin/war-report/*: the newest finished war judged by the clan's rules, the member table,
 * one member's whole stored history and the report as CSV (docs/war-insights.md).
 */
export function registerWarReportRoutes(app: FastifyInstance, insights: WarInsightsService): void {
  const api = withContracts(app);
  api.get(
    '/api/admin/war-report',
    { schema: { response: { 200: warReportResponseSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    () => insights.report(),
  );
  api.get(
    '/api/admin/war-report/members',
    { schema: { response: { 200: memberTableResponseSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    () => insights.memberTable(),
  );
  api.get(
    '/api/admin/war-report/members/:tag',
    {
      schema: {
        params: memberParamsSchema,
        response: { 200: memberHistoryResponseSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    (request) => insights.memberHistory(request.params.tag),
  );
  api.get(
    '/api/admin/war-report/csv',
    { schema: { response: { 200: csvResponseSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    async (_request, reply) => sendCsv(reply, await insights.reportCsv()),
  );
}
