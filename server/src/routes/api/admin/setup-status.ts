import type { FastifyInstance } from 'fastify';
import { setupStatusResponseSchema } from '#contracts/setup-status';
import type { AuthService } from '#server/modules/auth/auth.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { errorResponses } from '../../responses.js';

/** Public: tells the login page whether to show where the generated password is (a boolean only). */
export function registerSetupStatusRoute(app: FastifyInstance, auth: AuthService): void {
  withContracts(app).get(
    '/api/admin/setup-status',
    { exposeHeadRoute: false, schema: { response: { 200: setupStatusResponseSchema, ...errorResponses() } } },
    () => auth.setupStatus(),
  );
}
