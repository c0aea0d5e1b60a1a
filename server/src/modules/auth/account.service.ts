import type { SessionResponse } from '#contracts/admin-auth';
import { passwordChangedMail } from './auth-mails.js';
import { badRequest } from '../../lib/app-error.js';
import { bumpTokenVersion, replacePassword, type AdminUserRow } from './admin-user.repository.js';
import { issueSession, sendInBackground, type AuthDeps } from './auth-deps.js';
import { freshSession } from './login-common.js';
import { newPasswordProblem } from './password-policy.js';
import type { SessionClaims } from './session-token.js';
import { confirmCurrentPassword } from './reauth.js';
import { clearCodeFailures } from './wrong-codes.js';

/**
 * SEC-CPW-01: needs the session and the current password; a wrong one counts in the
 * re-authentication bucket; success bumps token_version (every other token dies) and the device
 * generation (every device cookie is forgotten), ends a run of wrong TOTP codes (whoever typed
 * them no longer has the password), and answers with a fresh token and device cookie for this
 * browser, plus a notice to the recovery email.
 */
export async function changePassword(
  deps: AuthDeps,
  user: AdminUserRow,
  input: { oldPassword: string; newPassword: string; ip: string },
): Promise<{ body: SessionResponse & { message: string }; deviceCookie: string }> {
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
  await clearCodeFailures(deps, user.id);
  if (user.email) sendInBackground(deps, passwordChangedMail(user.email, now));
  const fresh = await freshSession(deps, user.id);
  return { body: { ...fresh.body, message: 'Password changed successfully' }, deviceCookie: fresh.deviceCookie };
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
