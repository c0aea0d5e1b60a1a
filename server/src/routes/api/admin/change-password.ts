import type { FastifyInstance } from 'fastify';
import { changePasswordInputSchema, sessionWithMessageResponseSchema } from '#contracts/admin-auth';
import type { AuthService } from '#server/modules/auth/auth.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '../../responses.js';
import { requireAdmin } from './auth-hook.js';

/** SEC-CPW-01: the current password again; every other session ends, this one gets a new token and device cookie. */
export function registerChangePasswordRoute(app: FastifyInstance, auth: AuthService): void {
  withContracts(app).post(
    '/api/admin/change-password',
    {
      schema: {
        body: changePasswordInputSchema,
        response: {
          200: sessionWithMessageResponseSchema,
          ...errorResponses(...BODY_ERRORS, ...ADMIN_ERRORS, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const outcome = await auth.changePassword(requireAdmin(request).user, { ...request.body, ip: request.ip });
      reply.header('set-cookie', auth.deviceCookieHeader(outcome.deviceCookie));
      return outcome.body;
    },
  );
}
