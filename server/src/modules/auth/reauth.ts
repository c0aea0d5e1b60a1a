import { AppError } from '../../lib/app-error.js';
import type { AdminUserRow } from './admin-user.repository.js';
import type { AuthDeps } from './auth-deps.js';
import { throttled } from './login-common.js';
import { clearHits, REAUTH_DELAY, takeDelayedAttempt } from './throttle.js';

/**
 * The current password, asked again before a sensitive change (SEC-CPW-01, SEC-MAIL-01,
 * SEC-MFA-01): a wrong one counts in the account's re-authentication bucket, which only
 * authenticated sessions fill, so a stolen token cannot be used to guess it and strangers
 * failing logins cannot keep the admin from changing the password
 * (docs/decisions/051-reauth-and-captcha-buckets.md).
 */
export async function confirmCurrentPassword(
  deps: AuthDeps,
  user: AdminUserRow,
  password: string,
  context: { ip: string; action: string },
): Promise<void> {
  const { ctx } = deps;
  const now = ctx.clock.now();
  const subject = String(user.id);
  const wait = await takeDelayedAttempt(ctx.db, REAUTH_DELAY, subject, now);
  if (wait > 0) throw throttled(wait);
  if (!(await deps.hasher.verify(user.password_hash, password))) {
    ctx.log.info(
      { event: `admin.${context.action}.wrong_current`, ip: context.ip, userId: user.id },
      `admin.${context.action}.wrong_current`,
    );
    throw new AppError(400, 'WRONG_PASSWORD', 'The current password is not correct.');
  }
  await clearHits(ctx.db, REAUTH_DELAY, subject);
}
