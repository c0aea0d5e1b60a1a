import type { AdminUserRow } from './admin-user.repository.js';
import type { AuthDeps } from './auth-deps.js';
import { throttled } from './login-common.js';
import { clearHits, hitsOf, takeDelayedAttempt, TOTP_DELAY } from './throttle.js';

/** Where a code was typed: the login step and turning TOTP off come after a correct password. */
export type CodeStep = 'login' | 'disable' | 'enrol';

/** The wrong codes in a row that raise the first alert, then every this many more. */
export const ALERT_AFTER_WRONG_CODES = 3;
const ALERT_EVERY_MORE = 5;

/**
 * Takes an attempt from the account's TOTP bucket before the code is checked, so parallel
 * guesses cannot all pass (docs/decisions/052-totp-escalation.md); refused with the wait.
 */
export async function takeCodeAttempt(deps: AuthDeps, user: AdminUserRow, at: { ip: string; step: CodeStep }) {
  const { ctx } = deps;
  const wait = await takeDelayedAttempt(ctx.db, TOTP_DELAY, String(user.id), ctx.clock.now());
  if (wait > 0) {
    ctx.log.info(
      { event: 'admin.login.throttled', bucket: 'totp', step: at.step, ip: at.ip, userId: user.id },
      'admin.login.throttled',
    );
    throw throttled(wait);
  }
}

/**
 * After a wrong code that followed a correct password: the third in a row raises an alert (the
 * banner and, with SMTP, a mail): whoever typed it knows the password. Further alerts follow
 * every fifth wrong code while it goes on.
 */
export async function afterWrongCode(deps: AuthDeps, user: AdminUserRow, at: { ip: string; step: CodeStep }) {
  if (at.step === 'enrol') return;
  const { ctx } = deps;
  const inARow = await hitsOf(ctx.db, TOTP_DELAY, String(user.id));
  const due =
    inARow === ALERT_AFTER_WRONG_CODES ||
    (inARow > ALERT_AFTER_WRONG_CODES && (inARow - ALERT_AFTER_WRONG_CODES) % ALERT_EVERY_MORE === 0);
  if (!due) return;
  const when = ctx.clock.now().toISOString().slice(0, 16).replace('T', ' ');
  const where = at.step === 'login' ? 'signing in' : 'turning two-factor sign-in off';
  ctx.log.warn({ event: 'admin.totp.wrong_codes', inARow, ip: at.ip, userId: user.id }, 'admin.totp.wrong_codes');
  await deps.alerts.raise({
    kind: 'wrong-codes',
    subject: 'Wrong two-factor codes after the right password',
    message:
      `${inARow} wrong codes in a row while ${where}, the last at ${when} UTC from ${at.ip}, each after the right ` +
      'password: whoever typed them knows the admin password. If it was not you, change the password now in ' +
      'Account Settings (or use "Forgot Password"): that also lifts the wait on codes.',
  });
}

/** A right code, a password change or a reset ends the run of wrong codes. */
export async function clearCodeFailures(deps: AuthDeps, userId: number): Promise<void> {
  await clearHits(deps.ctx.db, TOTP_DELAY, String(userId));
}
