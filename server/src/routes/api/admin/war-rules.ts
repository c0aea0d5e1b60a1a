import type { FastifyInstance } from 'fastify';
import { warRulesSchema } from '#contracts/war-rules';
import { clanQuerySchema, type ClanOf } from '#contracts/admin-family';
import type { WarInsightsService } from '#server/modules/war/insights/war-insights.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '../../responses.js';

/** /api/admin/war-rules: the clan's war rules as data (docs/war-insights.md); a bad value answers 400 with its reason. */
export function registerWarRulesRoutes(app: FastifyInstance, insights: WarInsightsService, clanOf: ClanOf): void {
  const api = withContracts(app);
  api.get(
    '/api/admin/war-rules',
    {
      schema: {
        querystring: clanQuerySchema,
        response: { 200: warRulesSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    (request) => insights.rules(clanOf(request.query.clan)),
  );
  api.put(
    '/api/admin/war-rules',
    {
      schema: {
        body: warRulesSchema,
        querystring: clanQuerySchema,
        response: { 200: warRulesSchema, ...errorResponses(...BODY_ERRORS, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const clanTag = clanOf(request.query.clan);
      request.log.info({ action: 'war-rules.update', clanTag }, 'admin action');
      return insights.saveRules(request.body, clanTag);
    },
  );
}
