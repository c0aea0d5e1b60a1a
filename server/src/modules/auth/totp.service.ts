import type { SessionResponse, TotpEnableResponse, TotpSetupResponse } from '../../../../contracts/admin-auth.js';
import { twoFactorChangedMail } from './auth-mails.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import { findAdminById, type AdminUserRow } from './admin-user.repository.js';
import { issueSession, sendInBackground, type AuthDeps } from './auth-deps.js';
import { confirmCurrentPassword } from './reauth.js';
import { useSecondFactor } from './second-factor.js';
import { takeAttempt, clearHits, THROTTLES } from './throttle.js';
import { disableTotp, enableTotp, setPendingTotpSecret } from './totp.repository.js';
import {
  hashRecoveryCode,
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  otpauthUri,
  RECOVERY_CODE_COUNT,
  totpStepOf,
} from './totp.js';
import { throttled } from './login.service.js';

/** Time to scan the code and type the first one. */
export const ENROLMENT_TTL_MS = 15 * 60_000;

/**
 * SEC-MFA-01 (docs/decisions/017-totp.md): step 1 of enrolment, after the current password
 * again: a new secret, pending until a first code proves the app holds it.
 */
export async function startTotpEnrolment(
  deps: AuthDeps,
  user: AdminUserRow,
  input: { password: string; ip: string },
): Promise<TotpSetupResponse> {
  if (user.totp_secret) throw badRequest('Two-factor sign-in is already on.', 'TOTP_ALREADY_ON');
  await confirmCurrentPassword(deps, user, input.password, { ip: input.ip, action: 'totp_setup' });
  const now = deps.ctx.clock.now();
  const secret = newTotpSecret();
  await setPendingTotpSecret(deps.ctx.db.kysely, user.id, secret, new Date(now.getTime() + ENROLMENT_TTL_MS));
  const issuer = `ClanOps (${new URL(deps.ctx.config.PUBLIC_URL).host})`;
  return { secret, otpauthUri: otpauthUri(secret, user.username, issuer) };
}

/** Step 2: the first code turns TOTP on, with 10 recovery codes shown once; every other session ends. */
export async function confirmTotpEnrolment(
  deps: AuthDeps,
  user: AdminUserRow,
  input: { code: string; ip: string },
): Promise<TotpEnableResponse> {
  const { ctx } = deps;
  const now = ctx.clock.now();
  const pending = user.totp_pending_secret;
  if (!pending || !user.totp_pending_expires_at || user.totp_pending_expires_at <= now.toISOString()) {
    throw badRequest('The setup expired. Start again with your password.', 'TOTP_SETUP_EXPIRED');
  }
  const wait = await takeAttempt(ctx.db, THROTTLES.totpAccount, String(user.id), now);
  if (wait > 0) throw throttled(wait);
  const step = totpStepOf(pending, input.code, now);
  if (step === null) {
    throw badRequest('That code is not right. Check the time on your phone and enter the newest code.', 'TOTP_FAILED');
  }
  await clearHits(ctx.db, THROTTLES.totpAccount, String(user.id));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const codeHashes = codes.map((c) => hashRecoveryCode(normaliseRecoveryCode(c)!));
  await enableTotp(ctx.db.kysely, { userId: user.id, secret: pending, step, codeHashes, now });
  ctx.log.info({ event: 'admin.totp.enabled', ip: input.ip, userId: user.id }, 'admin.totp.enabled');
  if (user.email) sendInBackground(deps, twoFactorChangedMail(user.email, true, now));
  return {
    ...(await freshSession(deps, user.id, now)),
    message: 'Two-factor sign-in is on.',
    recoveryCodes: codes,
  };
}

/** Turning it off takes the password and a code (or a recovery code); every other session ends. */
export async function turnOffTotp(
  deps: AuthDeps,
  user: AdminUserRow,
  input: { password: string; code: string; ip: string },
): Promise<SessionResponse & { message: string }> {
  const { ctx } = deps;
  if (!user.totp_secret) throw badRequest('Two-factor sign-in is already off.', 'TOTP_ALREADY_OFF');
  await confirmCurrentPassword(deps, user, input.password, { ip: input.ip, action: 'totp_disable' });
  const now = ctx.clock.now();
  const wait = await takeAttempt(ctx.db, THROTTLES.totpAccount, String(user.id), now);
  if (wait > 0) throw throttled(wait);
  if (!(await useSecondFactor(deps, user, input.code))) {
    throw badRequest('That code is not right, or was already used.', 'TOTP_FAILED');
  }
  await clearHits(ctx.db, THROTTLES.totpAccount, String(user.id));
  await disableTotp(ctx.db.kysely, user.id, now);
  ctx.log.info({ event: 'admin.totp.disabled', ip: input.ip, userId: user.id }, 'admin.totp.disabled');
  if (user.email) sendInBackground(deps, twoFactorChangedMail(user.email, false, now));
  return { ...(await freshSession(deps, user.id, now)), message: 'Two-factor sign-in is off.' };
}

/** SEC-JWT-06: the change bumped token_version; this browser gets a new token. */
async function freshSession(deps: AuthDeps, userId: number, now: Date): Promise<SessionResponse> {
  const fresh = await findAdminById(deps.ctx.db.kysely, userId);
  if (!fresh) throw new AppError(401, 'UNAUTHORIZED', 'Authentication required');
  return issueSession(deps, fresh, Math.floor(now.getTime() / 1000));
}
