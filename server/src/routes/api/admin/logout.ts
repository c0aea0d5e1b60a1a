import type { FastifyInstance } from 'fastify';
import { messageResponseSchema } from '../../../../../contracts/admin-auth.js';
import type { AuthService } from '../../../modules/auth/auth.service.js';
import { withContracts } from '../../../plugins/contract-schemas.js';
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
