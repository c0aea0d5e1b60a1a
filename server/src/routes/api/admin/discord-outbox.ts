import type { FastifyInstance } from 'fastify';
import { clanQuerySchema } from '#contracts/admin-family';
import { outboxResponseSchema } from '#contracts/admin-scripts';
import { withContracts } from '#server/plugins/contract-schemas';
import type { ScriptEngine } from '#server/scripts/engine';
import { ADMIN_ERRORS, errorResponses } from '../../responses.js';

/** The 50 newest Discord messages, sent or kept in the outbox. */
export function registerDiscordOutboxRoute(app: FastifyInstance, engine: ScriptEngine): void {
  withContracts(app).get(
    '/api/admin/discord-outbox',
    {
      schema: {
        querystring: clanQuerySchema,
        response: { 200: outboxResponseSchema, ...errorResponses(400, ...ADMIN_ERRORS, 404) },
      },
    },
    async (request) => ({ messages: await engine.outbox(50, engine.clanOf(request.query.clan)) }),
  );
}
