import type { FastifyInstance } from 'fastify';
import { captchaResponseSchema } from '#contracts/admin-auth';
import type { AuthService } from '#server/modules/auth/auth.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { errorResponses } from '../../responses.js';

/** A new arithmetic captcha (SEC-CAPTCHA-01), limited per client address (the login form uses /api/admin/login/captcha). */
export function registerCaptchaRoute(app: FastifyInstance, auth: AuthService): void {
  withContracts(app).get(
    '/api/admin/captcha',
    { exposeHeadRoute: false, schema: { response: { 200: captchaResponseSchema, ...errorResponses(429) } } },
    (request) => auth.captcha(request.ip),
  );
}
