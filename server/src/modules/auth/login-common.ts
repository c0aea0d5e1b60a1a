import { LOGIN_FAILED_MESSAGE, type LoginResponse, type SessionResponse } from '#contracts/admin-auth';
import { AppError } from '../../lib/app-error.js';
import { findAdminById, type AdminUserRow } from './admin-user.repository.js';
import { issueSession, type AuthDeps } from './auth-deps.js';
import { newDeviceCookieValue } from './device-cookie.js';

/** What a login step answers: the body, and a new device cookie value once the login is complete. */
export interface LoginOutcome {
  body: LoginResponse;
  deviceCookie?: string;
}

/** SEC-LOGIN-01: the one failure answer for unknown user, wrong password and bad captcha. */
export const loginFailed = () => new AppError(401, 'LOGIN_FAILED', LOGIN_FAILED_MESSAGE);

export function throttled(ms: number): AppError {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return new AppError(
    429,
    'TOO_MANY_ATTEMPTS',
    `Too many failed attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    Math.max(1, Math.ceil(ms / 1000)),
  );
}

/** The account bucket is keyed by the typed name, so a throttle says nothing about whether it exists. */
export const accountKey = (username: string) => username.toLowerCase();

/** The (account, client) key of the hard block: the device cookie's id, or else the client's address key. */
export const clientPairKey = (account: string, deviceId: string | null, ipKey: string) =>
  `${account}|${deviceId ? `device:${deviceId}` : `ip:${ipKey}`}`;

/** A complete login: the session, and a (new) device cookie for this browser. */
export async function completeLogin(
  deps: AuthDeps,
  user: AdminUserRow,
): Promise<{ body: SessionResponse; deviceCookie: string }> {
  const now = deps.ctx.clock.now();
  return {
    body: await issueSession(deps, user, Math.floor(now.getTime() / 1000)),
    deviceCookie: newDeviceCookieValue(deps.deviceKey, user),
  };
}

/**
 * After a change that bumped token_version and the device generation (password, TOTP): this
 * browser gets a new token and a device cookie of the new generation (SEC-JWT-06).
 */
export async function freshSession(
  deps: AuthDeps,
  userId: number,
): Promise<{ body: SessionResponse; deviceCookie: string }> {
  const fresh = await findAdminById(deps.ctx.db.kysely, userId);
  if (!fresh) throw new AppError(401, 'UNAUTHORIZED', 'Authentication required');
  return completeLogin(deps, fresh);
}
