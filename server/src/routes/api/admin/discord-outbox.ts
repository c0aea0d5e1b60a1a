import type { FastifyInstance } from 'fastify';
import { outboxResponseSchema } from '../../../../../contracts/admin-scripts.js';
import { withContracts } from '../../../plugins/contract-schemas.js';
import type { ScriptEngine } from '../../../scripts/engine.js';
import { ADMIN_ERRORS, errorResponses } from '../../responses.js';

/** The 50 newest Discord messages, sent or kept in the outbox. */
export function registerDiscordOutboxRoute(app: FastifyInstance, engine: ScriptEngine): void {
  withContracts(app).get(
    '/api/admin/discord-outbox',
    { schema: { response: { 200: outboxResponseSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    async () => ({ messages: await engine.outbox(50) }),
  );
}
