import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  loginInputSchema,
  loginResponseSchema,
  sessionResponseSchema,
  totpLoginInputSchema,
} from '#contracts/admin-auth';
import type { AuthService } from '#server/modules/auth/auth.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { BODY_ERRORS, errorResponses } from '#server/routes/responses';
import { captchaResponseSchema } from '#contracts/admin-auth';

/**
 * The answer is checked by the captcha itself, so a string or array is a wrong answer (the one
 * generic failure, SEC-LOGIN-01), not a schema error that would tell a bot what went wrong.
 */
export const loginBodySchema = loginInputSchema.extend({ captchaAnswer: z.unknown() });

const LOGIN_ERRORS = errorResponses(...BODY_ERRORS, 401, 429, 503);

/**
 * POST /api/admin/login, its code step /api/admin/login/totp (SEC-LOGIN-*, SEC-MFA-01), and
 * GET /api/admin/login/captcha: the login form's captcha, fetched under the device cookie's path
 * so a known device is limited on its own, not with its address (docs/decisions/051-reauth-and-captcha-buckets.md).
 */
export function registerLoginRoutes(app: FastifyInstance, auth: AuthService): void {
  const api = withContracts(app);
  api.get(
    '/api/admin/login/captcha',
    { exposeHeadRoute: false, schema: { response: { 200: captchaResponseSchema, ...errorResponses(429) } } },
    (request) => auth.captcha(request.ip, auth.deviceClaim(request.headers.cookie)),
  );
  api.post(
    '/api/admin/login',
    { schema: { body: loginBodySchema, response: { 200: loginResponseSchema, ...LOGIN_ERRORS } } },
    async (request, reply) => {
      const device = auth.deviceClaim(request.headers.cookie);
      const outcome = await auth.login({ ...request.body, ip: request.ip, device });
      if (outcome.deviceCookie) reply.header('set-cookie', auth.deviceCookieHeader(outcome.deviceCookie));
      return outcome.body;
    },
  );

  api.post(
    '/api/admin/login/totp',
    { schema: { body: totpLoginInputSchema, response: { 200: sessionResponseSchema, ...LOGIN_ERRORS } } },
    async (request, reply) => {
      const outcome = await auth.completeTotpLogin({ ...request.body, ip: request.ip });
      if (outcome.deviceCookie) reply.header('set-cookie', auth.deviceCookieHeader(outcome.deviceCookie));
      return outcome.body;
    },
  );
}
