import type { FastifyInstance } from 'fastify';
import { messageResponseSchema, resetPasswordInputSchema } from '#contracts/admin-auth';
import type { AuthService } from '#server/modules/auth/auth.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { BODY_ERRORS, errorResponses } from '../../responses.js';

/** SEC-RST-02/05/06: a new password from a reset link; the browser becomes a known device. */
export function registerResetPasswordRoute(app: FastifyInstance, auth: AuthService): void {
  withContracts(app).post(
    '/api/admin/reset-password',
    {
      schema: {
        body: resetPasswordInputSchema,
        response: { 200: messageResponseSchema, ...errorResponses(...BODY_ERRORS, 429, 503) },
      },
    },
    async (request, reply) => {
      const outcome = await auth.resetPassword({ ...request.body, ip: request.ip });
      reply.header('set-cookie', auth.deviceCookieHeader(outcome.deviceCookie));
      return outcome.body;
    },
  );
}
