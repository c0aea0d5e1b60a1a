import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  addFamilyClanInputSchema,
  clanWebhookInputSchema,
  clanWebhookRemoveInputSchema,
  familyResponseSchema,
} from '#contracts/admin-family';
import type { FamilyService } from '#server/modules/family/family.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '#server/routes/responses';
import { requireAdmin } from '../auth-hook.js';

const bodySchema = z.preprocess((body) => body ?? {}, addFamilyClanInputSchema);
const paramsSchema = z.object({ tag: z.string() });
const webhookBodySchema = z.preprocess((body) => body ?? {}, clanWebhookInputSchema);
const webhookRemoveBodySchema = z.preprocess((body) => body ?? {}, clanWebhookRemoveInputSchema);

/** GET/POST /api/admin/family and DELETE /api/admin/family/{tag}: the clans of the family (decisions/100). */
export function registerFamilyRoutes(app: FastifyInstance, family: FamilyService): void {
  const api = withContracts(app);
  api.get(
    '/api/admin/family',
    { schema: { response: { 200: familyResponseSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    () => family.list(),
  );
  api.post(
    '/api/admin/family',
    {
      schema: {
        body: bodySchema,
        response: { 200: familyResponseSchema, ...errorResponses(...BODY_ERRORS, ...ADMIN_ERRORS, 409) },
      },
    },
    async (request) => {
      const answer = await family.add(request.body.tag);
      request.log.info({ action: 'family.add', tag: request.body.tag }, 'admin action');
      return answer;
    },
  );
  api.delete(
    '/api/admin/family/:tag',
    {
      schema: {
        params: paramsSchema,
        response: { 200: familyResponseSchema, ...errorResponses(...BODY_ERRORS, ...ADMIN_ERRORS, 404) },
      },
    },
    async (request) => {
      const answer = await family.remove(request.params.tag);
      request.log.info({ action: 'family.remove', tag: request.params.tag }, 'admin action');
      return answer;
    },
  );
  // A clan's Discord webhook (docs/decisions/104-per-clan-webhooks.md): the URL is never logged nor echoed; a change
  // needs the current password again and is audited (docs/decisions/115-webhook-changes-reauthenticated.md).
  api.put(
    '/api/admin/family/:tag/webhook',
    {
      schema: {
        params: paramsSchema,
        body: webhookBodySchema,
        response: { 200: familyResponseSchema, ...errorResponses(...BODY_ERRORS, ...ADMIN_ERRORS, 404, 429, 503) },
      },
    },
    async (request) => {
      const who = { user: requireAdmin(request).user, password: request.body.password, ip: request.ip };
      const answer = await family.setWebhook(request.params.tag, request.body.url, who);
      request.log.info({ action: 'family.webhook.set', tag: request.params.tag }, 'admin action');
      return answer;
    },
  );
  api.delete(
    '/api/admin/family/:tag/webhook',
    {
      schema: {
        params: paramsSchema,
        body: webhookRemoveBodySchema,
        response: { 200: familyResponseSchema, ...errorResponses(...BODY_ERRORS, ...ADMIN_ERRORS, 404, 429, 503) },
      },
    },
    async (request) => {
      const who = { user: requireAdmin(request).user, password: request.body.password, ip: request.ip };
      const answer = await family.clearWebhook(request.params.tag, who);
      request.log.info({ action: 'family.webhook.clear', tag: request.params.tag }, 'admin action');
      return answer;
    },
  );
}
