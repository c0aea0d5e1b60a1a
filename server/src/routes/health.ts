import type { FastifyInstance } from 'fastify';
import { healthFailureSchema, healthResponseSchema } from '#contracts/health';
import { withContracts } from '../plugins/contract-schemas.js';
import type { Services } from '../services.js';
import { errorResponses } from './responses.js';

/**
 * 200 while the database answers, 503 with the reason while it does not (a container's health check and a load
 * balancer read the status; an operator reads the reason). The outage itself is logged once, at its start and its
 * end, by the database status, not once per check.
 */
export function registerHealthRoute(app: FastifyInstance, health: Services['health']): void {
  withContracts(app).get(
    '/healthz',
    { schema: { response: { ...errorResponses(), 200: healthResponseSchema, 503: healthFailureSchema } } },
    async (request, reply) => {
      const { engine, version } = health;
      const problem = await health.check();
      if (!problem) return { status: 'ok' as const, version, database: { status: 'ok' as const, engine } };
      if (!problem.transient) request.log.error({ err: problem.err }, 'health check: database unreachable');
      const { reason } = problem;
      return reply.status(503).send({
        status: 'error',
        version,
        database: { status: 'error', engine, reason },
        error: `The database is unreachable: ${reason}.`,
        code: 'DB_UNAVAILABLE',
      });
    },
  );
}
