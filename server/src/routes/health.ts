import type { FastifyInstance } from 'fastify';
import { pingDatabase, type Db } from '../db/database.js';

export function registerHealthRoute(app: FastifyInstance, db: Db): void {
  app.get('/healthz', async (request, reply) => {
    try {
      await pingDatabase(db);
      return { status: 'ok', database: { status: 'ok', engine: db.engine } };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).send({
        status: 'error',
        database: { status: 'error', engine: db.engine },
        error: 'Database unreachable',
        code: 'DB_UNAVAILABLE',
      });
    }
  });
}
