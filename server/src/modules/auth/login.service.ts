import { LOGIN_FAILED_MESSAGE, PASSWORD_MAX_LENGTH, type SessionResponse } from '../../../../contracts/admin-auth.js';
import { AppError } from '../../lib/app-error.js';
import { findAdminByUsername } from './admin-user.repository.js';
import { issueSession, type AuthDeps } from './auth-deps.js';
import { consumeCaptcha } from './captcha.js';
import { blockedForMs, clearHits, refundAttempt, takeAttempt, THROTTLES } from './throttle.js';

export interface LoginAttempt {
  username: string;
  password: string;
  captchaId: string;
  /** unknown on purpose: anything but an integer fails the captcha (SEC-CAPTCHA-02) */
  captchaAnswer: unknown;
  ip: string;
}

/** SEC-LOGIN-01: the one failure answer for unknown user, wrong password and bad captcha. */
export const loginFailed = () => new AppError(401, 'LOGIN_FAILED', LOGIN_FAILED_MESSAGE);

export function throttled(ms: number): AppError {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return new AppError(
    429,
    'TOO_MANY_ATTEMPTS',
    `Too many failed attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  );
}

/** The account bucket is keyed by the typed name, so a throttle says nothing about whether it exists. */
export const accountKey = (username: string) => username.toLowerCase();

export async function login(deps: AuthDeps, attempt: LoginAttempt): Promise<SessionResponse> {
  const { ctx } = deps;
  const now = ctx.clock.now();
  const log = (event: string, extra: Record<string, unknown> = {}) =>
    ctx.log.info({ event, ip: attempt.ip, at: now.toISOString(), ...extra }, event);

  // SEC-LOGIN-04: every attempt takes a slot from the IP bucket first, counted before any work,
  // so parallel requests cannot all slip past the check.
  const ipWait = await takeAttempt(ctx.db, THROTTLES.loginIp, attempt.ip, now);
  const accountWait = await blockedForMs(ctx.db, THROTTLES.loginAccount, accountKey(attempt.username), now);
  if (ipWait > 0 || accountWait > 0) {
    log('admin.login.throttled');
    throw throttled(Math.max(ipWait, accountWait));
  }

  // SEC-CAPTCHA-03: the captcha is checked (and consumed) before argon2 runs. A bad captcha
  // costs the IP, not the account: without answers nobody can lock the admin out.
  if (!(await consumeCaptcha(ctx, attempt.captchaId, attempt.captchaAnswer))) {
    log('admin.login.captcha_failed');
    throw loginFailed();
  }
  // SEC-LOGIN-06: capped before hashing (the schema caps it too).
  if (attempt.password.length > PASSWORD_MAX_LENGTH) throw loginFailed();

  // SEC-LOGIN-03: the account slot is taken before the hash too (time-bounded, SEC-LOGIN-05).
  const lockWait = await takeAttempt(ctx.db, THROTTLES.loginAccount, accountKey(attempt.username), now);
  if (lockWait > 0) {
    log('admin.login.throttled', { bucket: 'account' });
    throw throttled(lockWait);
  }

  const user = await findAdminByUsername(ctx.db, attempt.username);
  // SEC-LOGIN-02: verify against a dummy hash when the user is unknown, so timing is alike.
  const valid = await deps.hasher.verify(user?.password_hash ?? deps.dummyHash, attempt.password);
  if (!user || !valid) {
    log('admin.login.failed');
    throw loginFailed();
  }

  await refundAttempt(ctx.db, THROTTLES.loginIp, attempt.ip);
  await clearHits(ctx.db, THROTTLES.loginAccount, accountKey(attempt.username));
  log('admin.login.succeeded', { userId: user.id });
  return issueSession(deps, user, Math.floor(now.getTime() / 1000));
}
