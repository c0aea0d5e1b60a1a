import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { templateInputSchema, templateParamsSchema, templatePreviewSchema } from '#contracts/admin-reminders';
import { clanQuerySchema, type ClanOf } from '#contracts/admin-family';
import type { TemplatesService } from '#server/modules/messages/templates.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '#server/routes/responses';

const bodySchema = z.preprocess((body) => body ?? {}, templateInputSchema);

/** POST /api/admin/templates/:id/preview: the text as Discord would get it, nothing saved or sent. */
export function registerPreviewRoute(app: FastifyInstance, templates: TemplatesService, clanOf: ClanOf): void {
  withContracts(app).post(
    '/api/admin/templates/:id/preview',
    {
      schema: {
        params: templateParamsSchema,
        querystring: clanQuerySchema,
        body: bodySchema,
        response: { 200: templatePreviewSchema, ...errorResponses(...BODY_ERRORS, 404, ...ADMIN_ERRORS) },
      },
    },
    (request) => templates.preview(request.params.id, request.body.template, clanOf(request.query.clan)),
  );
}
