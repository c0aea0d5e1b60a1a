import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { forgotPasswordInputSchema, messageResponseSchema } from '#contracts/admin-auth';
import type { AuthService } from '#server/modules/auth/auth.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { BODY_ERRORS, errorResponses } from '../../responses.js';

/** The captcha answer is checked by the captcha itself (see login). */
const forgotBodySchema = forgotPasswordInputSchema.extend({ captchaAnswer: z.unknown() });

/** SEC-FP-01/02: the same answer whether or not the address is known. */
export function registerForgotPasswordRoute(app: FastifyInstance, auth: AuthService): void {
  withContracts(app).post(
    '/api/admin/forgot-password',
    {
      schema: {
        body: forgotBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(...BODY_ERRORS, 429) },
      },
    },
    (request) => auth.requestPasswordReset({ ...request.body, ip: request.ip }),
  );
}
