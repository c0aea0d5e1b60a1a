import type { FastifyInstance } from 'fastify';
import { sessionResponseSchema } from '#contracts/admin-auth';
import type { AuthService } from '#server/modules/auth/auth.service';
import { withContracts } from '#server/plugins/contract-schemas';
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
