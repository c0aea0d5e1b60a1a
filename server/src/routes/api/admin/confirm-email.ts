import type { FastifyInstance } from 'fastify';
import { confirmEmailInputSchema, confirmEmailResponseSchema } from '#contracts/admin-auth';
import type { AuthService } from '#server/modules/auth/auth.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { BODY_ERRORS, errorResponses } from '../../responses.js';

/** SEC-MAIL-01: the link mailed to a new recovery address was opened. */
export function registerConfirmEmailRoute(app: FastifyInstance, auth: AuthService): void {
  withContracts(app).post(
    '/api/admin/confirm-email',
    {
      schema: {
        body: confirmEmailInputSchema,
        response: { 200: confirmEmailResponseSchema, ...errorResponses(...BODY_ERRORS, 429) },
      },
    },
    (request) => auth.confirmEmailChange({ ...request.body, ip: request.ip }),
  );
}
