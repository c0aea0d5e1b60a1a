import type { FastifyInstance } from 'fastify';
import { changePasswordInputSchema, setEmailInputSchema } from '../../../../../contracts/admin-auth.js';
import { changePassword, changeRecoveryEmail, logout, refreshSession } from '../../../modules/auth/account.service.js';
import type { AuthDeps } from '../../../modules/auth/auth-deps.js';
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
    return changeRecoveryEmail(deps, user, body.email, request.ip);
  });

  app.post('/api/admin/logout', async (request) => {
    const { user } = requireAdmin(request);
    return logout(deps, user, request.ip);
  });
}
