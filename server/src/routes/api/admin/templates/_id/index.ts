import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { templateInputSchema, templateParamsSchema, templateSchema } from '#contracts/admin-reminders';
import { clanQuerySchema, type ClanOf } from '#contracts/admin-family';
import type { TemplatesService } from '#server/modules/messages/templates.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '#server/routes/responses';

const bodySchema = z.preprocess((body) => body ?? {}, templateInputSchema);
const savedSchema = templateSchema.extend({ message: z.string() });

/** PUT /api/admin/templates/:id (400 naming an unknown placeholder), DELETE restores the default. */
export function registerTemplateRoutes(app: FastifyInstance, templates: TemplatesService, clanOf: ClanOf): void {
  const api = withContracts(app);
  const url = '/api/admin/templates/:id';
  api.put(
    url,
    {
      schema: {
        params: templateParamsSchema,
        querystring: clanQuerySchema,
        body: bodySchema,
        response: { 200: savedSchema, ...errorResponses(...BODY_ERRORS, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const saved = await templates.save(request.params.id, request.body.template, clanOf(request.query.clan));
      request.log.info({ action: 'template.update', id: saved.id }, 'admin action');
      return { ...saved, message: `${saved.name} template saved` };
    },
  );
  api.delete(
    url,
    {
      schema: {
        params: templateParamsSchema,
        querystring: clanQuerySchema,
        response: { 200: savedSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const restored = await templates.restore(request.params.id, clanOf(request.query.clan));
      request.log.info({ action: 'template.restore', id: restored.id }, 'admin action');
      return { ...restored, message: `${restored.name} template restored to the default` };
    },
  );
}
