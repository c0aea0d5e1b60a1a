import type { FastifyInstance } from 'fastify';
import { sessionResponseSchema } from '../../../../../contracts/admin-auth.js';
import type { AuthService } from '../../../modules/auth/auth.service.js';
import { withContracts } from '../../../plugins/contract-schemas.js';
import { ADMIN_ERRORS, errorResponses } from '../../responses.js';
import { requireAdmin } from './auth-hook.js';

/** SEC-JWT-05: a new token with the original login time. */
export function registerRefreshTokenRoute(app: FastifyInstance, auth: AuthService): void {
  withContracts(app).post(
    '/api/admin/refresh-token',
    { schema: { response: { 200: sessionResponseSchema, ...errorResponses(400, ...ADMIN_ERRORS) } } },
    (request) => auth.refreshSession(requireAdmin(request)),
  );
}
