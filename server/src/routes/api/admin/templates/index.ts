import type { FastifyInstance } from 'fastify';
import { templatesResponseSchema } from '#contracts/admin-reminders';
import { clanQuerySchema, type ClanOf } from '#contracts/admin-family';
import type { TemplatesService } from '#server/modules/messages/templates.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, errorResponses } from '#server/routes/responses';
import { registerTemplateRoutes } from './_id/index.js';
import { registerPreviewRoute } from './_id/preview.js';

/** GET /api/admin/templates: every message template, edited or default (docs/reminders.md "Templates"). */
export function registerTemplatesRoutes(app: FastifyInstance, templates: TemplatesService, clanOf: ClanOf): void {
  withContracts(app).get(
    '/api/admin/templates',
    {
      schema: {
        querystring: clanQuerySchema,
        response: { 200: templatesResponseSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => ({ templates: await templates.list(clanOf(request.query.clan)) }),
  );
  registerTemplateRoutes(app, templates, clanOf);
  registerPreviewRoute(app, templates, clanOf);
}
