import type { FastifyInstance } from 'fastify';
import { warRulesSchema } from '#contracts/war-rules';
import type { WarInsightsService } from '#server/modules/war/insights/war-insights.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '../../responses.js';

/** /api/admin/war-rules: the clan's war rules as data (docs/war-insights.md); a bad value answers 400 with its reason. */
export function registerWarRulesRoutes(app: FastifyInstance, insights: WarInsightsService): void {
  const api = withContracts(app);
  api.get(
    '/api/admin/war-rules',
    { schema: { response: { 200: warRulesSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    () => insights.rules(),
  );
  api.put(
    '/api/admin/war-rules',
    {
      schema: {
        body: warRulesSchema,
        response: { 200: warRulesSchema, ...errorResponses(...BODY_ERRORS, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      request.log.info({ action: 'war-rules.update' }, 'admin action');
      return insights.saveRules(request.body);
    },
  );
}
