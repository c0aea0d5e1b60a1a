import type { FastifyInstance } from 'fastify';
import {
  csvResponseSchema,
  memberHistoryResponseSchema,
  memberParamsSchema,
  memberTableResponseSchema,
  warReportResponseSchema,
} from '#contracts/war-insights';
import { clanQuerySchema, type ClanOf } from '#contracts/admin-family';
import { familyReportResponseSchema } from '#contracts/admin-family-report';
import type { WarInsightsService } from '#server/modules/war/insights/war-insights.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, errorResponses } from '#server/routes/responses';
import { sendCsv } from './send-csv.js';

/**
 * /api/admin/war-report/*: the newest finished war judged by the clan's rules, the member table,
 * one member's whole stored history and the report as CSV (docs/war-insights.md).
 */
export function registerWarReportRoutes(app: FastifyInstance, insights: WarInsightsService, clanOf: ClanOf): void {
  const api = withContracts(app);
  api.get(
    '/api/admin/war-report',
    {
      schema: {
        querystring: clanQuerySchema,
        response: { 200: warReportResponseSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    (request) => insights.report(clanOf(request.query.clan)),
  );
  // the family view: every active clan's members judged by the main clan's rules (decisions/104)
  api.get(
    '/api/admin/war-report/family',
    { schema: { response: { 200: familyReportResponseSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    () => insights.familyReport(),
  );
  api.get(
    '/api/admin/war-report/members',
    {
      schema: {
        querystring: clanQuerySchema,
        response: { 200: memberTableResponseSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    (request) => insights.memberTable(clanOf(request.query.clan)),
  );
  api.get(
    '/api/admin/war-report/members/:tag',
    {
      schema: {
        params: memberParamsSchema,
        querystring: clanQuerySchema,
        response: { 200: memberHistoryResponseSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    (request) => insights.memberHistory(request.params.tag, clanOf(request.query.clan)),
  );
  api.get(
    '/api/admin/war-report/csv',
    {
      schema: {
        querystring: clanQuerySchema,
        response: { 200: csvResponseSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => sendCsv(reply, await insights.reportCsv(clanOf(request.query.clan))),
  );
}
