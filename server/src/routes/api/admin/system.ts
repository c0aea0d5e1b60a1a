import type { FastifyInstance } from 'fastify';
import { clanQuerySchema, type ClanOf } from '#contracts/admin-family';
import { systemResponseSchema } from '#contracts/admin-scripts';
import type { SystemService } from '#server/modules/system/system.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, errorResponses } from '../../responses.js';

/** The admin system card: mode, database, Discord, mail, and Clash Royale reachability. */
export function registerSystemRoute(app: FastifyInstance, system: SystemService, clanOf: ClanOf): void {
  withContracts(app).get(
    '/api/admin/system',
    {
      schema: {
        querystring: clanQuerySchema,
        response: { 200: systemResponseSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    (request) => system.status(clanOf(request.query.clan)),
  );
}
