import type { FastifyInstance } from 'fastify';
import { healthFailureSchema, healthResponseSchema } from '#contracts/health';
import { withContracts } from '../plugins/contract-schemas.js';
import type { Services } from '../services.js';
import { errorResponses } from './responses.js';

export function registerHealthRoute(app: FastifyInstance, health: Services['health']): void {
  withContracts(app).get(
    '/healthz',
    { schema: { response: { 200: healthResponseSchema, 503: healthFailureSchema, ...errorResponses() } } },
    async (request, reply) => {
      try {
        await health.pingDatabase();
        return { status: 'ok' as const, database: { status: 'ok' as const, engine: health.engine } };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({
          status: 'error',
          database: { status: 'error', engine: health.engine },
          error: 'Database unreachable',
          code: 'DB_UNAVAILABLE',
        });
      }
    },
  );
}
