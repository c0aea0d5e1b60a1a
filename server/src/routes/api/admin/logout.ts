import type { FastifyInstance } from 'fastify';
import { messageResponseSchema } from '#contracts/admin-auth';
import type { AuthService } from '#server/modules/auth/auth.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, errorResponses } from '../../responses.js';
import { requireAdmin } from './auth-hook.js';

/** SEC-JWT-07: this token and every other stop working at once. */
export function registerLogoutRoute(app: FastifyInstance, auth: AuthService): void {
  withContracts(app).post(
    '/api/admin/logout',
    { schema: { response: { 200: messageResponseSchema, ...errorResponses(400, ...ADMIN_ERRORS) } } },
    (request) => auth.logout(requireAdmin(request).user, request.ip),
  );
}
