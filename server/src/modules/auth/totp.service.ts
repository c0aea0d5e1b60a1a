import type { SessionResponse, TotpEnableResponse, TotpSetupResponse } from '#contracts/admin-auth';
import { twoFactorChangedMail } from './auth-mails.js';
import { badRequest } from '../../lib/app-error.js';
import type { AdminUserRow } from './admin-user.repository.js';
import { sendInBackground, type AuthDeps } from './auth-deps.js';
import { freshSession } from './login-common.js';
import { confirmCurrentPassword } from './reauth.js';
import { useSecondFactor } from './second-factor.js';
import { disableTotp, enableTotp, setPendingTotpSecret } from './totp.repository.js';
import { openTotpSecret, sealTotpSecret } from './totp-secrets.js';
import {
  hashRecoveryCode,
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  otpauthUri,
  RECOVERY_CODE_COUNT,
  totpStepOf,
} from './totp.js';
import { afterWrongCode, clearCodeFailures, takeCodeAttempt } from './wrong-codes.js';

/** Time to scan the code and type the first one. */
export const ENROLMENT_TTL_MS = 15 * 60_000;

/** A change of the second factor: the answer, and a new device cookie for the browser that made it. */
export interface TotpChange<B> {
  body: B;
  deviceCookie: string;
}

/**
 * SEC-MFA-01 (docs/decisions/017-totp.md): step 1 of enrolment, after the current password
 * again: a new secret, stored sealed and pending until a first code proves the app holds it.
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
  await setPendingTotpSecret(
    deps.ctx.db.kysely,
    user.id,
    sealTotpSecret(deps.totpKey, user.id, secret),
    new Date(now.getTime() + ENROLMENT_TTL_MS),
  );
  const issuer = `ClanOps (${new URL(deps.ctx.config.PUBLIC_URL).host})`;
  return { secret, otpauthUri: otpauthUri(secret, user.username, issuer) };
}

/**
 * Step 2: the first code turns TOTP on, with 10 recovery codes shown once; every other session
 * ends and every device cookie is forgotten but this browser's new one.
 */
export async function confirmTotpEnrolment(
  deps: AuthDeps,
  user: AdminUserRow,
  input: { code: string; ip: string },
): Promise<TotpChange<TotpEnableResponse>> {
  const { ctx } = deps;
  const now = ctx.clock.now();
  const pending = openTotpSecret(deps.totpKey, user, 'pending');
  if (!pending || !user.totp_pending_expires_at || user.totp_pending_expires_at <= now.toISOString()) {
    throw badRequest('The setup expired. Start again with your password.', 'TOTP_SETUP_EXPIRED');
  }
  await takeCodeAttempt(deps, user, { ip: input.ip, step: 'enrol' });
  const step = totpStepOf(pending, input.code, now);
  if (step === null) {
    throw badRequest('That code is not right. Check the time on your phone and enter the newest code.', 'TOTP_FAILED');
  }
  await clearCodeFailures(deps, user.id);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const codeHashes = codes.map((c) => hashRecoveryCode(normaliseRecoveryCode(c)!));
  await enableTotp(ctx.db.kysely, { userId: user.id, secret: user.totp_pending_secret!, step, codeHashes, now });
  ctx.log.info({ event: 'admin.totp.enabled', ip: input.ip, userId: user.id }, 'admin.totp.enabled');
  if (user.email) sendInBackground(deps, twoFactorChangedMail(user.email, true, now));
  const fresh = await freshSession(deps, user.id);
  return {
    body: { ...fresh.body, message: 'Two-factor sign-in is on.', recoveryCodes: codes },
    deviceCookie: fresh.deviceCookie,
  };
}

/** Turning it off takes the password and a code (or a recovery code); every other session ends. */
export async function turnOffTotp(
  deps: AuthDeps,
  user: AdminUserRow,
  input: { password: string; code: string; ip: string },
): Promise<TotpChange<SessionResponse & { message: string }>> {
  const { ctx } = deps;
  if (!user.totp_secret) throw badRequest('Two-factor sign-in is already off.', 'TOTP_ALREADY_OFF');
  await confirmCurrentPassword(deps, user, input.password, { ip: input.ip, action: 'totp_disable' });
  const now = ctx.clock.now();
  await takeCodeAttempt(deps, user, { ip: input.ip, step: 'disable' });
  if (!(await useSecondFactor(deps, user, input.code))) {
    await afterWrongCode(deps, user, { ip: input.ip, step: 'disable' });
    throw badRequest('That code is not right, or was already used.', 'TOTP_FAILED');
  }
  await clearCodeFailures(deps, user.id);
  await disableTotp(ctx.db.kysely, user.id, now);
  ctx.log.info({ event: 'admin.totp.disabled', ip: input.ip, userId: user.id }, 'admin.totp.disabled');
  if (user.email) sendInBackground(deps, twoFactorChangedMail(user.email, false, now));
  const fresh = await freshSession(deps, user.id);
  return { body: { ...fresh.body, message: 'Two-factor sign-in is off.' }, deviceCookie: fresh.deviceCookie };
}
