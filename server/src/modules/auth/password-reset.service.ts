import { createHash, randomBytes } from 'node:crypto';
import { FORGOT_PASSWORD_MESSAGE } from '#contracts/admin-auth';
import { passwordChangedMail, resetLinkMail } from './auth-mails.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import { findAdminByEmail, findAdminById, replacePassword } from './admin-user.repository.js';
import { sendInBackground, type AuthDeps } from './auth-deps.js';
import { consumeCaptcha } from './captcha.js';
import { accountKey, clientPairKey, throttled } from './login-common.js';
import { newPasswordProblem } from './password-policy.js';
import { clientIpKey } from './client-key.js';
import { newDeviceCookieValue } from './device-cookie.js';
import { consumeResetToken, insertResetToken, isResetTokenLive } from './reset-token.repository.js';
import { ACCOUNT_DELAY, blockedForMs, clearHits, recordHit, takeAttempt, THROTTLES } from './throttle.js';
import { clearCodeFailures } from './wrong-codes.js';

/** SEC-RST-02: 60-minute links. */
export const RESET_TTL_MS = 60 * 60_000;
export const INVALID_RESET_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.';

/** SEC-RST-01: only the SHA-256 of the 256-bit token is stored. */
export const hashResetToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export interface ForgotAttempt {
  email: string;
  captchaId: string;
  captchaAnswer: unknown;
  ip: string;
}

/**
 * SEC-FP-01/02: the same answer whether or not the address is known; a valid single-use captcha;
 * limited per IP and per account; the mail goes out after the answer; the account is never locked.
 */
export async function requestPasswordReset(deps: AuthDeps, attempt: ForgotAttempt): Promise<{ message: string }> {
  const { ctx } = deps;
  const now = ctx.clock.now();
  // Counted before any work, so parallel requests cannot all pass (SEC-FP-02).
  const ip = clientIpKey(attempt.ip);
  const wait = Math.max(
    await blockedForMs(ctx.db, THROTTLES.captchaFailIp, ip, now),
    await takeAttempt(ctx.db, THROTTLES.forgotIp, ip, now),
  );
  if (wait > 0) throw throttled(wait);
  if (!(await consumeCaptcha(ctx, attempt.captchaId, attempt.captchaAnswer))) {
    await recordHit(ctx.db, THROTTLES.captchaFailIp, ip, now);
    ctx.log.info({ event: 'admin.forgot.captcha_failed', ip: attempt.ip }, 'admin.forgot.captcha_failed');
    throw new AppError(400, 'CAPTCHA_FAILED', 'The captcha answer is wrong. Please answer the new question.');
  }

  const user = await findAdminByEmail(ctx.db.kysely, attempt.email);
  ctx.log.info({ event: 'admin.forgot.requested', ip: attempt.ip, matched: Boolean(user) }, 'admin.forgot.requested');
  if (!user?.email) return { message: FORGOT_PASSWORD_MESSAGE };
  if ((await blockedForMs(ctx.db, THROTTLES.forgotAccount, String(user.id), now)) > 0)
    return { message: FORGOT_PASSWORD_MESSAGE };
  await recordHit(ctx.db, THROTTLES.forgotAccount, String(user.id), now);

  const token = randomBytes(32).toString('base64url');
  await insertResetToken(ctx.db.kysely, {
    userId: user.id,
    tokenHash: hashResetToken(token),
    now,
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
  });
  // SEC-RST-03: built from PUBLIC_URL, never from Host or X-Forwarded-Host. The token rides in
  // the fragment, which browsers never send, so no access log records it (docs/decisions/055-link-tokens-in-the-fragment.md).
  const link = `${ctx.config.PUBLIC_URL}/admin/reset-password#token=${token}`;
  sendInBackground(deps, resetLinkMail(user.email, link, RESET_TTL_MS / 60_000));
  return { message: FORGOT_PASSWORD_MESSAGE };
}

/**
 * SEC-RST-02/05/06: same policy as a change, the token consumed atomically (one UPDATE … WHERE
 * used_at IS NULL AND expires_at > now, so of two parallel submits one wins), every session and
 * every other link revoked, no auto-login, a notice to the recovery email; one generic error.
 * The browser that completed it becomes a known device (docs/decisions/015-lockout-device-cookie.md).
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; newPassword: string; ip: string },
): Promise<{ body: { message: string }; deviceCookie: string }> {
  const { ctx } = deps;
  const now = ctx.clock.now();
  const wait = await takeAttempt(ctx.db, THROTTLES.resetIp, clientIpKey(input.ip), now);
  if (wait > 0) throw throttled(wait);
  const problem = newPasswordProblem(input.newPassword);
  if (problem) throw badRequest(problem, 'WEAK_PASSWORD');

  // The token is looked at before argon2 runs: guessed tokens cost no hashing.
  if (!(await isResetTokenLive(ctx.db.kysely, hashResetToken(input.token), now))) {
    ctx.log.warn({ event: 'admin.reset.rejected', ip: input.ip }, 'admin.reset.rejected');
    throw new AppError(400, 'INVALID_RESET_TOKEN', INVALID_RESET_MESSAGE);
  }
  const passwordHash = await deps.hasher.hash(input.newPassword);
  const userId = await consumeResetToken(ctx.db.kysely, hashResetToken(input.token), now);
  const user = userId !== null ? await findAdminById(ctx.db.kysely, userId) : undefined;
  if (!user) {
    ctx.log.warn({ event: 'admin.reset.rejected', ip: input.ip }, 'admin.reset.rejected');
    throw new AppError(400, 'INVALID_RESET_TOKEN', INVALID_RESET_MESSAGE);
  }
  await replacePassword(ctx.db.kysely, user.id, passwordHash, false, now);
  // SEC-LOGIN-05: the reset path always gets the admin back in, even while login is throttled;
  // and whoever typed wrong codes after the old password no longer has it.
  await clearHits(ctx.db, ACCOUNT_DELAY, accountKey(user.username));
  await clearHits(ctx.db, THROTTLES.loginClient, clientPairKey(accountKey(user.username), null, clientIpKey(input.ip)));
  await clearCodeFailures(deps, user.id);
  const fresh = await findAdminById(ctx.db.kysely, user.id);
  ctx.log.info({ event: 'admin.reset.succeeded', ip: input.ip, userId: user.id }, 'admin.reset.succeeded');
  if (user.email) sendInBackground(deps, passwordChangedMail(user.email, now));
  return {
    body: { message: 'Your password has been reset. You can now log in with the new password.' },
    deviceCookie: newDeviceCookieValue(deps.deviceKey, fresh ?? user),
  };
}
