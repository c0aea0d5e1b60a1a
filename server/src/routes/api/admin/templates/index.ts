import type { FastifyInstance } from 'fastify';
import { templatesResponseSchema } from '#contracts/admin-reminders';
import type { TemplatesService } from '#server/modules/messages/templates.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, errorResponses } from '#server/routes/responses';
import { registerTemplateRoutes } from './_id/index.js';
import { registerPreviewRoute } from './_id/preview.js';

/** GET /api/admin/templates: every message template, edited or default (docs/reminders.md "Templates"). */
export function registerTemplatesRoutes(app: FastifyInstance, templates: TemplatesService): void {
  withContracts(app).get(
    '/api/admin/templates',
    { schema: { response: { 200: templatesResponseSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    async () => ({ templates: await templates.list() }),
  );
  registerTemplateRoutes(app, templates);
  registerPreviewRoute(app, templates);
}
