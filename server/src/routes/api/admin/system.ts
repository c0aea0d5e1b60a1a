import type { FastifyInstance } from 'fastify';
import { systemResponseSchema } from '../../../../../contracts/admin-scripts.js';
import type { SystemService } from '../../../modules/system/system.service.js';
import { withContracts } from '../../../plugins/contract-schemas.js';
import { ADMIN_ERRORS, errorResponses } from '../../responses.js';

/** The admin system card: mode, database, Discord, mail, and Clash Royale reachability. */
export function registerSystemRoute(app: FastifyInstance, system: SystemService): void {
  withContracts(app).get(
    '/api/admin/system',
    { schema: { response: { 200: systemResponseSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    () => system.status(),
  );
}
