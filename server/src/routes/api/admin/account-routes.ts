import type { FastifyInstance } from 'fastify';
import {
  changePasswordInputSchema,
  setEmailInputSchema,
  totpDisableInputSchema,
  totpEnableInputSchema,
  totpSetupInputSchema,
} from '../../../../../contracts/admin-auth.js';
import { changePassword, logout, refreshSession } from '../../../modules/auth/account.service.js';
import type { AuthDeps } from '../../../modules/auth/auth-deps.js';
import { requestEmailChange } from '../../../modules/auth/recovery-email.service.js';
import { confirmTotpEnrolment, startTotpEnrolment, turnOffTotp } from '../../../modules/auth/totp.service.js';
import { requireAdmin } from './auth-hook.js';

/** Session and account routes; registered inside the authenticated scope only. */
export function registerAccountRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.post('/api/admin/refresh-token', async (request) => {
    const { user, claims } = requireAdmin(request);
    return refreshSession(deps, user, claims);
  });

  app.post('/api/admin/change-password', async (request) => {
    const { user } = requireAdmin(request);
    const body = changePasswordInputSchema.parse(request.body);
    return changePassword(deps, user, { ...body, ip: request.ip });
  });

  app.post('/api/admin/set-email', async (request) => {
    const { user } = requireAdmin(request);
    const body = setEmailInputSchema.parse(request.body);
    return requestEmailChange(deps, user, { ...body, ip: request.ip });
  });

  app.post('/api/admin/totp/setup', async (request) => {
    const { user } = requireAdmin(request);
    const body = totpSetupInputSchema.parse(request.body);
    return startTotpEnrolment(deps, user, { ...body, ip: request.ip });
  });

  app.post('/api/admin/totp/enable', async (request) => {
    const { user } = requireAdmin(request);
    const body = totpEnableInputSchema.parse(request.body);
    return confirmTotpEnrolment(deps, user, { ...body, ip: request.ip });
  });

  app.post('/api/admin/totp/disable', async (request) => {
    const { user } = requireAdmin(request);
    const body = totpDisableInputSchema.parse(request.body);
    return turnOffTotp(deps, user, { ...body, ip: request.ip });
  });

  app.post('/api/admin/logout', async (request) => {
    const { user } = requireAdmin(request);
    return logout(deps, user, request.ip);
  });
}
