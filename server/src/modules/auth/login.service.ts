import {
  LOGIN_FAILED_MESSAGE,
  PASSWORD_MAX_LENGTH,
  type LoginResponse,
  type SessionResponse,
} from '../../../../contracts/admin-auth.js';
import { AppError } from '../../lib/app-error.js';
import { findAdminByUsername, type AdminUserRow } from './admin-user.repository.js';
import { issueSession, type AuthDeps } from './auth-deps.js';
import { consumeCaptcha } from './captcha.js';
import { clientIpKey } from './client-key.js';
import { newDeviceCookieValue, type KnownDevice } from './device-cookie.js';
import { startTotpChallenge } from './login-totp.service.js';
import { isServerBusy } from './password-hasher.js';
import {
  ACCOUNT_DELAY,
  blockedForMs,
  clearHits,
  recordHit,
  refundAttempt,
  takeAttempt,
  takeDelayedAttempt,
  THROTTLES,
} from './throttle.js';

export interface LoginAttempt {
  username: string;
  password: string;
  captchaId: string;
  /** unknown on purpose: anything but an integer fails the captcha (SEC-CAPTCHA-02) */
  captchaAnswer: unknown;
  ip: string;
  /** the browser's verified device cookie, if it sent one */
  device: KnownDevice | null;
}

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
export const clientPairKey = (account: string, device: KnownDevice | null, ipKey: string) =>
  `${account}|${device ? `device:${device.id}` : `ip:${ipKey}`}`;

/**
 * The password step (docs/decisions/015-lockout-device-cookie.md). A browser with this account's
 * device cookie is only ever held by its own (account, device) bucket; any other client takes a
 * slot from its address bucket, from the account's delay bucket and from its (account, address)
 * bucket, all before argon2 runs, so parallel guesses cannot slip past.
 */
export async function login(deps: AuthDeps, attempt: LoginAttempt): Promise<LoginOutcome> {
  const { ctx } = deps;
  const now = ctx.clock.now();
  const ip = clientIpKey(attempt.ip);
  const log = (event: string, extra: Record<string, unknown> = {}) =>
    ctx.log.info({ event, ip: attempt.ip, at: now.toISOString(), ...extra }, event);

  // SEC-CAPTCHA-03: the captcha is checked (and consumed) before anything else; wrong answers
  // fill a bucket of their own, so a bot without answers neither burns CPU nor touches the account.
  const captchaWait = await blockedForMs(ctx.db, THROTTLES.captchaFailIp, ip, now);
  if (captchaWait > 0) {
    log('admin.login.throttled', { bucket: 'captcha' });
    throw throttled(captchaWait);
  }
  if (!(await consumeCaptcha(ctx, attempt.captchaId, attempt.captchaAnswer))) {
    await recordHit(ctx.db, THROTTLES.captchaFailIp, ip, now);
    log('admin.login.captcha_failed');
    throw loginFailed();
  }
  // SEC-LOGIN-06: capped before hashing (the schema caps it too).
  if (attempt.password.length > PASSWORD_MAX_LENGTH) throw loginFailed();

  const account = accountKey(attempt.username);
  const user = await findAdminByUsername(ctx.db.kysely, attempt.username);
  const known = user && attempt.device?.userId === user.id ? attempt.device : null;
  const pairKey = clientPairKey(account, known, ip);
  if (!known) {
    const wait = Math.max(
      await takeAttempt(ctx.db, THROTTLES.loginIp, ip, now),
      await takeDelayedAttempt(ctx.db, ACCOUNT_DELAY, account, now),
    );
    if (wait > 0) {
      log('admin.login.throttled', { bucket: 'ip-or-account' });
      throw throttled(wait);
    }
  }
  const pairWait = await takeAttempt(ctx.db, THROTTLES.loginClient, pairKey, now);
  if (pairWait > 0) {
    log('admin.login.throttled', { bucket: known ? 'device' : 'account-ip' });
    throw throttled(pairWait);
  }

  // SEC-LOGIN-02: verify against a dummy hash when the user is unknown, so timing is alike.
  let valid: boolean;
  try {
    valid = await deps.hasher.verify(user?.password_hash ?? deps.dummyHash, attempt.password);
  } catch (err) {
    // A full hashing queue (503) is not a failed guess: the address and pair slots go back
    // (the account's delay stays as it is, or a flood of 503s would wipe it).
    if (isServerBusy(err)) {
      if (!known) await refundAttempt(ctx.db, THROTTLES.loginIp, ip);
      await refundAttempt(ctx.db, THROTTLES.loginClient, pairKey);
    }
    throw err;
  }
  if (!user || !valid) {
    log('admin.login.failed', { knownDevice: Boolean(known) });
    throw loginFailed();
  }

  await giveBack(deps, { ip, account, pairKey, known: Boolean(known) });
  if (user.totp_secret) {
    log('admin.login.password_ok', { userId: user.id, next: 'totp' });
    return { body: await startTotpChallenge(deps, user) };
  }
  log('admin.login.succeeded', { userId: user.id, knownDevice: Boolean(known) });
  return completeLogin(deps, user);
}

async function giveBack(deps: AuthDeps, s: { ip: string; account: string; pairKey: string; known: boolean }) {
  const { db } = deps.ctx;
  if (!s.known) {
    await refundAttempt(db, THROTTLES.loginIp, s.ip);
    await clearHits(db, ACCOUNT_DELAY, s.account);
  }
  await clearHits(db, THROTTLES.loginClient, s.pairKey);
}

/** A complete login: the session, and a (new) device cookie for this browser. */
export async function completeLogin(
  deps: AuthDeps,
  user: AdminUserRow,
): Promise<LoginOutcome & { body: SessionResponse }> {
  const now = deps.ctx.clock.now();
  return {
    body: await issueSession(deps, user, Math.floor(now.getTime() / 1000)),
    deviceCookie: newDeviceCookieValue(deps.deviceKey, user.id),
  };
}
