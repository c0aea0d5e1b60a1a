import type { SessionResponse } from '../../../../contracts/admin-auth.js';
import { passwordChangedMail, recoveryEmailChangedMail } from '../../clients/mail/auth-mails.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import {
  bumpTokenVersion,
  findAdminById,
  replacePassword,
  setRecoveryEmail,
  type AdminUserRow,
} from './admin-user.repository.js';
import { issueSession, sendInBackground, type AuthDeps } from './auth-deps.js';
import { accountKey, throttled } from './login.service.js';
import { newPasswordProblem } from './password-policy.js';
import type { SessionClaims } from './session-token.js';
import { blockedForMs, clearHits, recordHit, THROTTLES } from './throttle.js';

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
  const wait = await blockedForMs(ctx.db, THROTTLES.loginAccount, accountKey(user.username), now);
  if (wait > 0) throw throttled(wait);
  if (!(await deps.hasher.verify(user.password_hash, input.oldPassword))) {
    await recordHit(ctx.db, THROTTLES.loginAccount, accountKey(user.username), now);
    ctx.log.info(
      { event: 'admin.change_password.wrong_current', ip: input.ip, userId: user.id },
      'admin.change_password.wrong_current',
    );
    throw new AppError(400, 'WRONG_PASSWORD', 'The current password is not correct.');
  }
  const problem = newPasswordProblem(input.newPassword, user.username);
  if (problem) throw badRequest(problem, 'WEAK_PASSWORD');
  if (input.newPassword === input.oldPassword)
    throw badRequest('The new password must differ from the current one.', 'WEAK_PASSWORD');

  await replacePassword(ctx.db, user.id, await deps.hasher.hash(input.newPassword), false, now);
  await clearHits(ctx.db, THROTTLES.loginAccount, accountKey(user.username));
  ctx.log.info(
    { event: 'admin.change_password.succeeded', ip: input.ip, userId: user.id },
    'admin.change_password.succeeded',
  );
  if (user.email) sendInBackground(deps, passwordChangedMail(user.email, now));
  const fresh = await findAdminById(ctx.db, user.id);
  if (!fresh) throw new AppError(401, 'UNAUTHORIZED', 'Authentication required');
  return {
    ...(await issueSession(deps, fresh, Math.floor(now.getTime() / 1000))),
    message: 'Password changed successfully',
  };
}

/** Sets the recovery email; the previous address, if any, gets a notice. */
export async function changeRecoveryEmail(
  deps: AuthDeps,
  user: AdminUserRow,
  email: string,
  ip: string,
): Promise<{ message: string; email: string }> {
  const { ctx } = deps;
  const now = ctx.clock.now();
  const next = email.toLowerCase();
  await setRecoveryEmail(ctx.db, user.id, next, now);
  ctx.log.info({ event: 'admin.set_email.succeeded', ip, userId: user.id }, 'admin.set_email.succeeded');
  if (user.email && user.email !== next) sendInBackground(deps, recoveryEmailChangedMail(user.email, next, now));
  return { message: 'Recovery email set successfully', email: next };
}

/** SEC-JWT-05: a new token with the original auth_time (the expiry never passes the cap). */
export function refreshSession(deps: AuthDeps, user: AdminUserRow, claims: SessionClaims): Promise<SessionResponse> {
  return issueSession(deps, user, claims.authTime);
}

/** SEC-JWT-07: the current token (and every other) stops working at once. */
export async function logout(deps: AuthDeps, user: AdminUserRow, ip: string): Promise<{ message: string }> {
  await bumpTokenVersion(deps.ctx.db, user.id, deps.ctx.clock.now());
  deps.ctx.log.info({ event: 'admin.logout', ip, userId: user.id }, 'admin.logout');
  return { message: 'Logged out' };
}
