import type { FastifyInstance } from 'fastify';
import { setEmailInputSchema, setEmailResponseSchema } from '#contracts/admin-auth';
import type { AuthService } from '#server/modules/auth/auth.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '../../responses.js';
import { requireAdmin } from './auth-hook.js';

/** SEC-MAIL-01: a new recovery address waits for its confirmation link. */
export function registerSetEmailRoute(app: FastifyInstance, auth: AuthService): void {
  withContracts(app).post(
    '/api/admin/set-email',
    {
      schema: {
        body: setEmailInputSchema,
        response: { 200: setEmailResponseSchema, ...errorResponses(...BODY_ERRORS, ...ADMIN_ERRORS, 429, 503) },
      },
    },
    (request) => auth.requestEmailChange(requireAdmin(request).user, { ...request.body, ip: request.ip }),
  );
}
