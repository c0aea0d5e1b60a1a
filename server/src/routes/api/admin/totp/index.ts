import type { FastifyInstance } from 'fastify';
import {
  sessionWithMessageResponseSchema,
  totpDisableInputSchema,
  totpEnableInputSchema,
  totpEnableResponseSchema,
  totpSetupInputSchema,
  totpSetupResponseSchema,
} from '#contracts/admin-auth';
import type { AuthService } from '#server/modules/auth/auth.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '#server/routes/responses';
import { requireAdmin } from '../auth-hook.js';

const TOTP_ERRORS = errorResponses(...BODY_ERRORS, ...ADMIN_ERRORS, 429, 503);

/**
 * /api/admin/totp/*: two-factor sign-in on and off (SEC-MFA-01, docs/decisions/017-totp.md); a
 * change forgets every device cookie and gives this browser a new one.
 */
export function registerTotpRoutes(app: FastifyInstance, auth: AuthService): void {
  const api = withContracts(app);
  api.post(
    '/api/admin/totp/setup',
    { schema: { body: totpSetupInputSchema, response: { 200: totpSetupResponseSchema, ...TOTP_ERRORS } } },
    (request) => auth.startTotpEnrolment(requireAdmin(request).user, { ...request.body, ip: request.ip }),
  );
  api.post(
    '/api/admin/totp/enable',
    { schema: { body: totpEnableInputSchema, response: { 200: totpEnableResponseSchema, ...TOTP_ERRORS } } },
    async (request, reply) => {
      const outcome = await auth.confirmTotpEnrolment(requireAdmin(request).user, { ...request.body, ip: request.ip });
      reply.header('set-cookie', auth.deviceCookieHeader(outcome.deviceCookie));
      return outcome.body;
    },
  );
  api.post(
    '/api/admin/totp/disable',
    {
      schema: { body: totpDisableInputSchema, response: { 200: sessionWithMessageResponseSchema, ...TOTP_ERRORS } },
    },
    async (request, reply) => {
      const outcome = await auth.turnOffTotp(requireAdmin(request).user, { ...request.body, ip: request.ip });
      reply.header('set-cookie', auth.deviceCookieHeader(outcome.deviceCookie));
      return outcome.body;
    },
  );
}
