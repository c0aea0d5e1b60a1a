import { createHash, randomBytes } from 'node:crypto';
import type { ConfirmEmailResponse, SetEmailResponse } from '#contracts/admin-auth';
import { confirmEmailMail, recoveryEmailChangedMail, recoveryEmailChangeRequestedMail } from './auth-mails.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import { applyPendingEmail, setPendingEmail, type AdminUserRow } from './admin-user.repository.js';
import { sendInBackground, type AuthDeps } from './auth-deps.js';
import { clientIpKey } from './client-key.js';
import { throttled } from './login-common.js';
import { confirmCurrentPassword } from './reauth.js';
import { takeAttempt, THROTTLES } from './throttle.js';

/** SEC-MAIL-01: how long the confirmation link works. */
export const EMAIL_CONFIRM_TTL_MS = 60 * 60_000;
const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * SEC-MAIL-01 (docs/decisions/014-recovery-email-confirmation.md): the current password again
 * (a wrong one counts like a failed login), then the new address waits until the link mailed
 * to it is opened; the current address, if any, is told at once.
 */
export async function requestEmailChange(
  deps: AuthDeps,
  user: AdminUserRow,
  input: { email: string; password: string; ip: string },
): Promise<SetEmailResponse> {
  const { ctx } = deps;
  await confirmCurrentPassword(deps, user, input.password, { ip: input.ip, action: 'set_email' });
  const now = ctx.clock.now();
  const next = input.email.toLowerCase();
  if (next === user.email) throw badRequest('That address is already the recovery email.', 'SAME_EMAIL');

  const token = randomBytes(32).toString('base64url');
  await setPendingEmail(ctx.db.kysely, user.id, {
    email: next,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_CONFIRM_TTL_MS),
    now,
  });
  // Built from PUBLIC_URL, never from Host (SEC-RST-03); the token in the fragment, out of access logs.
  const link = `${ctx.config.PUBLIC_URL}/admin/confirm-email#token=${token}`;
  const minutes = EMAIL_CONFIRM_TTL_MS / 60_000;
  sendInBackground(deps, confirmEmailMail(next, link, minutes));
  if (user.email) sendInBackground(deps, recoveryEmailChangeRequestedMail(user.email, next, now));
  ctx.log.info({ event: 'admin.set_email.requested', ip: input.ip, userId: user.id }, 'admin.set_email.requested');
  return {
    message: `Almost done: open the link we sent to ${next} within ${minutes} minutes. The recovery email changes once you do.`,
    pendingEmail: next,
  };
}

/**
 * The link was opened: the address applies, every outstanding reset link dies (they went to the
 * old address), and the old address is told. Limited per client address; one generic error.
 */
export async function confirmEmailChange(
  deps: AuthDeps,
  input: { token: string; ip: string },
): Promise<ConfirmEmailResponse> {
  const { ctx } = deps;
  const now = ctx.clock.now();
  const wait = await takeAttempt(ctx.db, THROTTLES.confirmEmailIp, clientIpKey(input.ip), now);
  if (wait > 0) throw throttled(wait);
  const applied = await applyPendingEmail(ctx.db.kysely, hashToken(input.token), now);
  if (!applied) {
    ctx.log.warn({ event: 'admin.confirm_email.rejected', ip: input.ip }, 'admin.confirm_email.rejected');
    throw new AppError(
      400,
      'INVALID_CONFIRM_TOKEN',
      'This confirmation link is invalid or has expired. Set the recovery email again in Account Settings.',
    );
  }
  ctx.log.info(
    { event: 'admin.set_email.confirmed', ip: input.ip, userId: applied.userId },
    'admin.set_email.confirmed',
  );
  if (applied.previous && applied.previous !== applied.email) {
    sendInBackground(deps, recoveryEmailChangedMail(applied.previous, applied.email, now));
  }
  return { message: 'Recovery email set successfully', email: applied.email };
}
