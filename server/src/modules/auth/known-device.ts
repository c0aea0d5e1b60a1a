import { findAdminById } from './admin-user.repository.js';
import type { AuthDeps } from './auth-deps.js';
import { verifyDeviceCookie, type DeviceCookieClaim, type KnownDevice } from './device-cookie.js';

/**
 * The known device a cookie stands for, checked against its account as the account is now: a
 * cookie issued before the last password change, reset or TOTP change is a stranger's
 * (docs/decisions/050-device-cookie-generation.md).
 */
export async function resolveKnownDevice(deps: AuthDeps, claim: DeviceCookieClaim | null): Promise<KnownDevice | null> {
  if (!claim) return null;
  const owner = await findAdminById(deps.ctx.db.kysely, claim.userId);
  return owner ? verifyDeviceCookie(deps.deviceKey, claim, owner) : null;
}
