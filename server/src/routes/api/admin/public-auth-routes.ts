import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  confirmEmailInputSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  resetPasswordInputSchema,
  totpLoginInputSchema,
} from '../../../../../contracts/admin-auth.js';
import type { AuthDeps } from '../../../modules/auth/auth-deps.js';
import { createCaptcha } from '../../../modules/auth/captcha.js';
import { clientIpKey } from '../../../modules/auth/client-key.js';
import { deviceSetCookieHeader, readDeviceCookie } from '../../../modules/auth/device-cookie.js';
import { completeTotpLogin } from '../../../modules/auth/login-totp.service.js';
import { login, throttled } from '../../../modules/auth/login.service.js';
import { requestPasswordReset, resetPassword } from '../../../modules/auth/password-reset.service.js';
import { confirmEmailChange } from '../../../modules/auth/recovery-email.service.js';
import { takeAttempt, THROTTLES } from '../../../modules/auth/throttle.js';

// The answer is checked by the captcha itself, so a string or array is a wrong answer (the one
// generic failure, SEC-LOGIN-01), not a schema error that would tell a bot what went wrong.
const loginBodySchema = loginInputSchema.extend({ captchaAnswer: z.unknown() });
const forgotBodySchema = forgotPasswordInputSchema.extend({ captchaAnswer: z.unknown() });

/** The routes that work without a token (docs/product.md §7), plus the TOTP step and the email confirmation. */
export function registerPublicAuthRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx } = deps;
  const device = (request: FastifyRequest) => readDeviceCookie(deps.deviceKey, request.headers.cookie);
  const remember = (reply: FastifyReply, value: string | undefined) => {
    if (value) reply.header('set-cookie', deviceSetCookieHeader(value, deps.secureCookies));
  };

  app.get('/api/admin/captcha', { exposeHeadRoute: false }, async (request) => {
    const now = ctx.clock.now();
    const wait = await takeAttempt(ctx.db, THROTTLES.captchaIp, clientIpKey(request.ip), now);
    if (wait > 0) throw throttled(wait);
    return createCaptcha(ctx);
  });

  app.post('/api/admin/login', async (request, reply) => {
    const body = loginBodySchema.parse(request.body);
    const outcome = await login(deps, { ...body, ip: request.ip, device: device(request) });
    remember(reply, outcome.deviceCookie);
    return outcome.body;
  });

  app.post('/api/admin/login/totp', async (request, reply) => {
    const body = totpLoginInputSchema.parse(request.body);
    const outcome = await completeTotpLogin(deps, { ...body, ip: request.ip });
    remember(reply, outcome.deviceCookie);
    return outcome.body;
  });

  app.post('/api/admin/forgot-password', async (request) => {
    const body = forgotBodySchema.parse(request.body);
    return requestPasswordReset(deps, { ...body, ip: request.ip });
  });

  app.post('/api/admin/reset-password', async (request, reply) => {
    const body = resetPasswordInputSchema.parse(request.body);
    const outcome = await resetPassword(deps, { ...body, ip: request.ip });
    remember(reply, outcome.deviceCookie);
    return outcome.body;
  });

  app.post('/api/admin/confirm-email', async (request) => {
    const body = confirmEmailInputSchema.parse(request.body);
    return confirmEmailChange(deps, { ...body, ip: request.ip });
  });
}
