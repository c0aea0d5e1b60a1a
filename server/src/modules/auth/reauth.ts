import { AppError } from '../../lib/app-error.js';
import type { AdminUserRow } from './admin-user.repository.js';
import type { AuthDeps } from './auth-deps.js';
import { accountKey, throttled } from './login.service.js';
import { ACCOUNT_DELAY, clearHits, takeDelayedAttempt } from './throttle.js';

/**
 * The current password, asked again before a sensitive change (SEC-CPW-01, SEC-MAIL-01,
 * SEC-MFA-01): a wrong one counts toward the account's delay bucket, like a failed login, so a
 * stolen token cannot be used to guess it.
 */
export async function confirmCurrentPassword(
  deps: AuthDeps,
  user: AdminUserRow,
  password: string,
  context: { ip: string; action: string },
): Promise<void> {
  const { ctx } = deps;
  const now = ctx.clock.now();
  const wait = await takeDelayedAttempt(ctx.db, ACCOUNT_DELAY, accountKey(user.username), now);
  if (wait > 0) throw throttled(wait);
  if (!(await deps.hasher.verify(user.password_hash, password))) {
    ctx.log.info(
      { event: `admin.${context.action}.wrong_current`, ip: context.ip, userId: user.id },
      `admin.${context.action}.wrong_current`,
    );
    throw new AppError(400, 'WRONG_PASSWORD', 'The current password is not correct.');
  }
  await clearHits(ctx.db, ACCOUNT_DELAY, accountKey(user.username));
}
