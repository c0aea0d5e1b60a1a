import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  clanWebhookInputSchema,
  clanWebhookRemoveInputSchema,
  clanQuerySchema,
  type ClanOf,
} from '#contracts/admin-family';
import { strikeRulesResponseSchema, strikeRulesSchema } from '#contracts/admin-leaders';
import type { LeadersService } from '#server/modules/leaders/leaders.service';
import type { LogChannel } from '#server/modules/leaders/log-channel.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '#server/routes/responses';
import { requireAdmin } from '../auth-hook.js';

const rulesBody = z.preprocess((body) => body ?? {}, strikeRulesSchema);
const webhookBody = z.preprocess((body) => body ?? {}, clanWebhookInputSchema);
const removeBody = z.preprocess((body) => body ?? {}, clanWebhookRemoveInputSchema);

/**
 * GET/PUT /api/admin/leaders/rules (the clan's strike rules) and PUT/DELETE /api/admin/leaders/log-channel (its
 * leaders' log channel webhook: the password again, audited, never echoed) (docs/leaders-memory.md).
 */
export function registerLeaderRulesRoutes(
  app: FastifyInstance,
  leaders: LeadersService,
  channel: LogChannel,
  clanOf: ClanOf,
) {
  const api = withContracts(app);
  const errors = errorResponses(...BODY_ERRORS, ...ADMIN_ERRORS, 404, 429, 503);
  api.get(
    '/api/admin/leaders/rules',
    {
      schema: {
        querystring: clanQuerySchema,
        response: { 200: strikeRulesResponseSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => leaders.rules(clanOf(request.query.clan)),
  );
  api.put(
    '/api/admin/leaders/rules',
    {
      schema: {
        querystring: clanQuerySchema,
        body: rulesBody,
        response: { 200: strikeRulesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const clanTag = clanOf(request.query.clan);
      request.log.info({ action: 'leaders.rules', clanTag }, 'admin action');
      return leaders.setRules(clanTag, request.body);
    },
  );
  api.put(
    '/api/admin/leaders/log-channel',
    {
      schema: {
        querystring: clanQuerySchema,
        body: webhookBody,
        response: { 200: strikeRulesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const clanTag = clanOf(request.query.clan);
      await channel.set(clanTag, request.body.url, {
        user: requireAdmin(request).user,
        password: request.body.password,
        ip: request.ip,
      });
      request.log.info({ action: 'leaders.log-channel.set', clanTag }, 'admin action');
      return leaders.rules(clanTag);
    },
  );
  api.delete(
    '/api/admin/leaders/log-channel',
    {
      schema: {
        querystring: clanQuerySchema,
        body: removeBody,
        response: { 200: strikeRulesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const clanTag = clanOf(request.query.clan);
      await channel.remove(clanTag, {
        user: requireAdmin(request).user,
        password: request.body.password,
        ip: request.ip,
      });
      request.log.info({ action: 'leaders.log-channel.clear', clanTag }, 'admin action');
      return leaders.rules(clanTag);
    },
  );
}
