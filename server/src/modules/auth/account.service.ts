import type { SessionResponse } from '../../../../contracts/admin-auth.js';
import { passwordChangedMail } from './auth-mails.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import { bumpTokenVersion, findAdminById, replacePassword, type AdminUserRow } from './admin-user.repository.js';
import { issueSession, sendInBackground, type AuthDeps } from './auth-deps.js';
import { newPasswordProblem } from './password-policy.js';
import type { SessionClaims } from './session-token.js';
import { confirmCurrentPassword } from './reauth.js';

/**
 * SEC-CPW-01: needs the session and the current password; a wrong one counts toward the
 * account throttle; success bumps token_version (every other token dies) and answers with a
 * fresh token for this browser, plus a notice to the recovery email.
 */
export async function changePassword(
  deps: AuthDeps,
  user: AdminUserRow,
  input: { oldPassword: string; newPassword: string; ip: string },
): Promise<SessionResponse & { message: string }> {
  const { ctx } = deps;
  const now = ctx.clock.now();
  await confirmCurrentPassword(deps, user, input.oldPassword, { ip: input.ip, action: 'change_password' });
  const problem = newPasswordProblem(input.newPassword, user.username);
  if (problem) throw badRequest(problem, 'WEAK_PASSWORD');
  if (input.newPassword === input.oldPassword)
    throw badRequest('The new password must differ from the current one.', 'WEAK_PASSWORD');

  await replacePassword(ctx.db.kysely, user.id, await deps.hasher.hash(input.newPassword), false, now);
  ctx.log.info(
    { event: 'admin.change_password.succeeded', ip: input.ip, userId: user.id },
    'admin.change_password.succeeded',
  );
  if (user.email) sendInBackground(deps, passwordChangedMail(user.email, now));
  const fresh = await findAdminById(ctx.db.kysely, user.id);
  if (!fresh) throw new AppError(401, 'UNAUTHORIZED', 'Authentication required');
  return {
    ...(await issueSession(deps, fresh, Math.floor(now.getTime() / 1000))),
    message: 'Password changed successfully',
  };
}

/** SEC-JWT-05: a new token with the original auth_time (the expiry never passes the cap). */
export function refreshSession(deps: AuthDeps, user: AdminUserRow, claims: SessionClaims): Promise<SessionResponse> {
  return issueSession(deps, user, claims.authTime);
}

/** SEC-JWT-07: the current token (and every other) stops working at once. */
export async function logout(deps: AuthDeps, user: AdminUserRow, ip: string): Promise<{ message: string }> {
  await bumpTokenVersion(deps.ctx.db.kysely, user.id, deps.ctx.clock.now());
  deps.ctx.log.info({ event: 'admin.logout', ip, userId: user.id }, 'admin.logout');
  return { message: 'Logged out' };
}
