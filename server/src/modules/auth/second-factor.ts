import type { AdminUserRow } from './admin-user.repository.js';
import type { AuthDeps } from './auth-deps.js';
import { openTotpSecret } from './totp-secrets.js';
import { claimTotpStep, useRecoveryCode } from './totp.repository.js';
import { hashRecoveryCode, normaliseRecoveryCode, totpStepOf } from './totp.js';

/**
 * SEC-MFA-01: a 6-digit code of a step not used before (the step is claimed atomically, so a
 * replayed code fails even in parallel), or an unused recovery code (used up here). Null when
 * neither. A secret that cannot be opened (the signing key was replaced) accepts recovery codes only.
 */
export async function useSecondFactor(
  deps: AuthDeps,
  user: AdminUserRow,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  const { db, clock } = deps.ctx;
  const typed = code.trim();
  if (!user.totp_secret) return null;
  const secret = openTotpSecret(deps.totpKey, user, 'active');
  if (secret === null) {
    deps.ctx.log.error({ event: 'admin.totp.secret_unreadable', userId: user.id }, 'admin.totp.secret_unreadable');
  }
  const step = secret === null ? null : totpStepOf(secret, typed.replace(/\s/g, ''), clock.now());
  if (step !== null) return (await claimTotpStep(db.kysely, user.id, step)) ? 'totp' : null;
  const recovery = normaliseRecoveryCode(typed);
  if (recovery && (await useRecoveryCode(db.kysely, user.id, hashRecoveryCode(recovery), clock.now())))
    return 'recovery';
  return null;
}
