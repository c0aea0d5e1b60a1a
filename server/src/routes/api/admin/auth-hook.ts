import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '#server/lib/app-error';
import type { Authenticated, AuthService } from '#server/modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** the authenticated admin, set by the admin scope's onRequest hook */
    adminUser: Authenticated['user'] | null;
    adminClaims: Authenticated['claims'] | null;
  }
}

/** What a session may do while its password must still be changed. */
const PASSWORD_CHANGE_ROUTES = new Set(['/api/admin/change-password', '/api/admin/refresh-token', '/api/admin/logout']);

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

/** The admin behind a request inside the authenticated scope (never null there). */
export function requireAdmin(request: FastifyRequest): Authenticated {
  if (!request.adminUser || !request.adminClaims) throw unauthorized();
  return { user: request.adminUser, claims: request.adminClaims };
}

/**
 * SEC-AC-01: the one gate of every authenticated admin route, deny by default. The token must
 * verify (SEC-JWT-01..05) and carry the user's current token_version (SEC-JWT-06). Failures are
 * logged with a hash prefix of the token, never the token (SEC-JWT-09).
 */
export function adminAuthHook(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const reject = (reason: string) => {
      const tokenRef = match?.[1] ? createHash('sha256').update(match[1]).digest('hex').slice(0, 12) : null;
      request.log.warn(
        { event: 'admin.auth.rejected', reason, tokenRef, ip: request.ip, route: request.routeOptions.url },
        'admin.auth.rejected',
      );
      return unauthorized('Authentication required. Please log in again.');
    };
    if (!match?.[1]) throw reject('missing');
    const session = await auth.authenticate(match[1]);
    if (typeof session === 'string') throw reject(session);
    const { user, claims } = session;
    request.adminUser = user;
    request.adminClaims = claims;
    // A generated or shell-reset password was printed in a log: until it is changed, the
    // session can only change it (SEC-LOGIN-08; docs/decisions/009-password-change-required.md).
    if (user.must_change_password === 1 && !PASSWORD_CHANGE_ROUTES.has(request.routeOptions.url ?? '')) {
      throw new AppError(
        403,
        'PASSWORD_CHANGE_REQUIRED',
        'Change the generated password first (Account Settings), then try again.',
      );
    }
  };
}
