import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  forgotPasswordInputSchema,
  loginInputSchema,
  resetPasswordInputSchema,
} from '../../../../../contracts/admin-auth.js';
import type { AuthDeps } from '../../../modules/auth/auth-deps.js';
import { createCaptcha } from '../../../modules/auth/captcha.js';
import { login, throttled } from '../../../modules/auth/login.service.js';
import { requestPasswordReset, resetPassword } from '../../../modules/auth/password-reset.service.js';
import { takeAttempt, THROTTLES } from '../../../modules/auth/throttle.js';

// The answer is checked by the captcha itself, so a string or array is a wrong answer (the one
// generic failure, SEC-LOGIN-01), not a schema error that would tell a bot what went wrong.
const loginBodySchema = loginInputSchema.extend({ captchaAnswer: z.unknown() });
const forgotBodySchema = forgotPasswordInputSchema.extend({ captchaAnswer: z.unknown() });

/** The four routes that work without a token (docs/product.md §7). */
export function registerPublicAuthRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx } = deps;

  app.get('/api/admin/captcha', { exposeHeadRoute: false }, async (request) => {
    const now = ctx.clock.now();
    const wait = await takeAttempt(ctx.db, THROTTLES.captchaIp, request.ip, now);
    if (wait > 0) throw throttled(wait);
    return createCaptcha(ctx);
  });

  app.post('/api/admin/login', async (request) => {
    const body = loginBodySchema.parse(request.body);
    return login(deps, { ...body, ip: request.ip });
  });

  app.post('/api/admin/forgot-password', async (request) => {
    const body = forgotBodySchema.parse(request.body);
    return requestPasswordReset(deps, { ...body, ip: request.ip });
  });

  app.post('/api/admin/reset-password', async (request) => {
    const body = resetPasswordInputSchema.parse(request.body);
    return resetPassword(deps, { ...body, ip: request.ip });
  });
}
