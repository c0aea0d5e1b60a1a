import { PASSWORD_MAX_LENGTH } from '#contracts/admin-auth';
import { findAdminByUsername } from './admin-user.repository.js';
import type { AuthDeps } from './auth-deps.js';
import { consumeCaptcha } from './captcha.js';
import { clientIpKey } from './client-key.js';
import type { DeviceCookieClaim, KnownDevice } from './device-cookie.js';
import { resolveKnownDevice } from './known-device.js';
import { accountKey, clientPairKey, completeLogin, loginFailed, throttled, type LoginOutcome } from './login-common.js';
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
  /** the browser's device cookie, if it sent one (checked here against its account) */
  device: DeviceCookieClaim | null;
}

type Slots = { ip: string; account: string; userId: number | null; pairKey: string; known: boolean };

/**
 * The password step (docs/decisions/015-lockout-device-cookie.md, 050, 051). A browser with a
 * current device cookie for this account is held by its own captcha buckets, its own (account,
 * device) bucket and the account's cap on known-device failures; any other client takes a slot
 * from its address bucket, from the account's delay bucket and from its (account, address)
 * bucket, all before argon2 runs, so parallel guesses cannot slip past.
 */
export async function login(deps: AuthDeps, attempt: LoginAttempt): Promise<LoginOutcome> {
  const { ctx } = deps;
  const now = ctx.clock.now();
  const ip = clientIpKey(attempt.ip);
  const log = (event: string, extra: Record<string, unknown> = {}) =>
    ctx.log.info({ event, ip: attempt.ip, at: now.toISOString(), ...extra }, event);

  // SEC-CAPTCHA-03: the captcha is checked (and consumed) before anything else; wrong answers
  // fill a bucket of their own (per device for a known device, else per address), so a bot
  // without answers neither burns CPU nor touches the account, nor keeps the admin's browser out.
  const cookieDevice = await resolveKnownDevice(deps, attempt.device);
  const [captchaBucket, captchaSubject] = cookieDevice
    ? [THROTTLES.captchaFailDevice, cookieDevice.id]
    : [THROTTLES.captchaFailIp, ip];
  const captchaWait = await blockedForMs(ctx.db, captchaBucket, captchaSubject, now);
  if (captchaWait > 0) {
    log('admin.login.throttled', { bucket: 'captcha' });
    throw throttled(captchaWait);
  }
  if (!(await consumeCaptcha(ctx, attempt.captchaId, attempt.captchaAnswer))) {
    await recordHit(ctx.db, captchaBucket, captchaSubject, now);
    log('admin.login.captcha_failed');
    throw loginFailed();
  }
  // SEC-LOGIN-06: capped before hashing (the schema caps it too).
  if (attempt.password.length > PASSWORD_MAX_LENGTH) throw loginFailed();

  const account = accountKey(attempt.username);
  const user = await findAdminByUsername(ctx.db.kysely, attempt.username);
  const known = user && cookieDevice?.userId === user.id ? await withinKnownDeviceCap(deps, cookieDevice) : null;
  const slots: Slots = {
    ip,
    account,
    userId: user?.id ?? null,
    pairKey: clientPairKey(account, known?.id ?? null, ip),
    known: Boolean(known),
  };
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
  const pairWait = await takeAttempt(ctx.db, THROTTLES.loginClient, slots.pairKey, now);
  if (pairWait > 0) {
    log('admin.login.throttled', { bucket: known ? 'device' : 'account-ip' });
    throw throttled(pairWait);
  }

  // SEC-LOGIN-02: verify against a dummy hash when the user is unknown, so timing is alike.
  let valid: boolean;
  try {
    valid = await deps.hasher.verify(user?.password_hash ?? deps.dummyHash, attempt.password);
  } catch (err) {
    // A full hashing queue (503) is not a failed guess: the address, cap and pair slots go back
    // (the account's delay stays as it is, or a flood of 503s would wipe it).
    if (isServerBusy(err)) await refundSlots(deps, slots);
    throw err;
  }
  if (!user || !valid) {
    log('admin.login.failed', { knownDevice: Boolean(known) });
    throw loginFailed();
  }

  await refundSlots(deps, slots);
  await clearHits(ctx.db, THROTTLES.loginClient, slots.pairKey);
  if (!known) await clearHits(ctx.db, ACCOUNT_DELAY, account);
  if (user.totp_secret) {
    log('admin.login.password_ok', { userId: user.id, next: 'totp' });
    return { body: await startTotpChallenge(deps, user) };
  }
  log('admin.login.succeeded', { userId: user.id, knownDevice: Boolean(known) });
  return completeLogin(deps, user);
}

/**
 * A known device takes a slot from the account's cap on known-device failures; once the cap is
 * reached the device is treated as a stranger (its attempts fall to the address and account
 * buckets) rather than blocked, so the cap bounds guesses without locking the admin out.
 */
async function withinKnownDeviceCap(deps: AuthDeps, device: KnownDevice): Promise<KnownDevice | null> {
  const { ctx } = deps;
  const wait = await takeAttempt(ctx.db, THROTTLES.knownDevices, String(device.userId), ctx.clock.now());
  if (wait === 0) return device;
  ctx.log.warn({ event: 'admin.login.known_device_cap', userId: device.userId }, 'admin.login.known_device_cap');
  return null;
}

async function refundSlots(deps: AuthDeps, s: Slots): Promise<void> {
  const { db } = deps.ctx;
  if (s.known && s.userId !== null) await refundAttempt(db, THROTTLES.knownDevices, String(s.userId));
  if (!s.known) await refundAttempt(db, THROTTLES.loginIp, s.ip);
  await refundAttempt(db, THROTTLES.loginClient, s.pairKey);
}
