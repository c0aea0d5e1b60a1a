import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  templateInputSchema,
  templateParamsSchema,
  templatePreviewSchema,
} from '../../../../../../../contracts/admin-reminders.js';
import type { TemplatesService } from '../../../../../modules/messages/templates.service.js';
import { withContracts } from '../../../../../plugins/contract-schemas.js';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '../../../../responses.js';

const bodySchema = z.preprocess((body) => body ?? {}, templateInputSchema);

/** POST /api/admin/templates/:id/preview: the text as Discord would get it, nothing saved or sent. */
export function registerPreviewRoute(app: FastifyInstance, templates: TemplatesService): void {
  withContracts(app).post(
    '/api/admin/templates/:id/preview',
    {
      schema: {
        params: templateParamsSchema,
        body: bodySchema,
        response: { 200: templatePreviewSchema, ...errorResponses(...BODY_ERRORS, 404, ...ADMIN_ERRORS) },
      },
    },
    (request) => templates.preview(request.params.id, request.body.template),
  );
}
