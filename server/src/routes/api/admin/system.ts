import type { FastifyInstance } from 'fastify';
import { systemResponseSchema } from '#contracts/admin-scripts';
import type { SystemService } from '#server/modules/system/system.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, errorResponses } from '../../responses.js';

/** The admin system card: mode, database, Discord, mail, and Clash Royale reachability. */
export function registerSystemRoute(app: FastifyInstance, system: SystemService): void {
  withContracts(app).get(
    '/api/admin/system',
    { schema: { response: { 200: systemResponseSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    () => system.status(),
  );
}
