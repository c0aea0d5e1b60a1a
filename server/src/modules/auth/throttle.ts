import type { AppContext } from '../../app-context.js';
import {
  decrementHits,
  deleteKey,
  incrementHits,
  incrementUnlessWaiting,
  readBlockedUntil,
  readHits,
  restartEndedWindow,
  setBlockedUntil,
} from './rate-limits.repository.js';

/** A hard bucket: `limit` hits within `windowMs` block the key for `blockMs`. */
export interface ThrottlePolicy {
  name: string;
  limit: number;
  windowMs: number;
  blockMs: number;
}

/** A soft bucket: `free` attempts, then each further one waits the next delay (capped at the last). */
export interface DelayPolicy {
  name: string;
  free: number;
  windowMs: number;
  delaysMs: number[];
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * The documented throttles (docs/security.md; docs/decisions/015-lockout-device-cookie.md). Every
 * block is time-bounded (SEC-LOGIN-05), and no bucket a stranger can fill keeps a known device out.
 */
export const THROTTLES = {
  /** SEC-LOGIN-05: the hard block, keyed on (account, client): a device cookie, or else the client's address. */
  loginClient: { name: 'login-client', limit: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** SEC-LOGIN-04: password attempts per client address across usernames (browsers without a device cookie). */
  loginIp: { name: 'login-ip', limit: 20, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /**
   * Failures per account from browsers with a valid device cookie (docs/decisions/050-device-cookie-generation.md):
   * past it, a known device counts as a stranger, so cookies, however many, add at most 20 guesses an hour.
   */
  knownDevices: { name: 'login-known-devices', limit: 20, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
  /** Wrong captcha answers per client address, apart from password failures. */
  captchaFailIp: { name: 'captcha-fail-ip', limit: 30, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** The same per known device: a stranger behind the admin's address cannot fill it. */
  captchaFailDevice: { name: 'captcha-fail-device', limit: 30, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** Captcha issuing per client address: keeps the captchas table small under a flood. */
  captchaIp: { name: 'captcha-ip', limit: 120, windowMs: 15 * MINUTE, blockMs: 5 * MINUTE },
  /** The same per known device (the login form's captcha is fetched where the device cookie is sent). */
  captchaDevice: { name: 'captcha-device', limit: 120, windowMs: 15 * MINUTE, blockMs: 5 * MINUTE },
  /** SEC-FP-02: forgot-password requests per client address. */
  forgotIp: { name: 'forgot-ip', limit: 10, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** SEC-FP-02: reset mails per account: 3 per hour. */
  forgotAccount: { name: 'forgot-account', limit: 3, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
  /** SEC-RST-06: reset attempts per client address. */
  resetIp: { name: 'reset-ip', limit: 10, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** Confirmation-link attempts per client address (SEC-MAIL-01). */
  confirmEmailIp: { name: 'confirm-email-ip', limit: 10, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
} satisfies Record<string, ThrottlePolicy>;

/**
 * SEC-LOGIN-03: password failures per account from browsers without a device cookie (and wrong
 * current passwords): 5 free, then a wait from 30 s doubling to 15 min. At most about 11 failures
 * an hour, under the 100/hour bar; a known device never waits on it.
 */
export const ACCOUNT_DELAY: DelayPolicy = {
  name: 'login-account',
  free: 5,
  windowMs: 60 * MINUTE,
  delaysMs: [30 * SECOND, MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE, 15 * MINUTE],
};

/**
 * Wrong current passwords in a logged-in session (password change, recovery email, TOTP on and
 * off), per account: the same ladder as logins, in a bucket only authenticated sessions fill, so
 * strangers failing logins cannot keep the admin from changing the password
 * (docs/decisions/051-reauth-and-captcha-buckets.md).
 */
export const REAUTH_DELAY: DelayPolicy = { ...ACCOUNT_DELAY, name: 'reauth-account' };

/**
 * SEC-MFA-01: wrong second-factor codes per account, counted until a right one (or a password
 * change or reset) clears them: 3 free, then waits of 1, 5, 15 and 60 minutes, then 4 hours each
 * (about 40 guesses a week, under 1 % a year for a 6-digit code; docs/decisions/052-totp-escalation.md).
 */
export const TOTP_DELAY: DelayPolicy = {
  name: 'totp-account',
  free: 3,
  windowMs: 7 * 24 * 60 * MINUTE,
  delaysMs: [MINUTE, 5 * MINUTE, 15 * MINUTE, 60 * MINUTE, 4 * 60 * MINUTE],
};

/** Buckets whose window outlasts the others: pruned by their own window. */
export const LONG_WINDOW_POLICIES: DelayPolicy[] = [TOTP_DELAY];

/** The longest window of the other buckets: their rows older than this are only history (pruning). */
export const LONGEST_WINDOW_MS = Math.max(
  ACCOUNT_DELAY.windowMs,
  REAUTH_DELAY.windowMs,
  ...Object.values(THROTTLES).map((p) => p.windowMs),
);

type Db = AppContext['db'];

const keyOf = (policy: { name: string }, subject: string) => `${policy.name}:${subject}`;

/** Milliseconds until the key may try again, or 0 when it is not blocked. */
export async function blockedForMs(db: Db, policy: { name: string }, subject: string, now: Date): Promise<number> {
  const until = await readBlockedUntil(db.kysely, keyOf(policy, subject));
  return until ? Math.max(0, new Date(until).getTime() - now.getTime()) : 0;
}

async function hit(db: Db, policy: ThrottlePolicy, subject: string, now: Date) {
  const key = keyOf(policy, subject);
  await restartEndedWindow(db.kysely, key, now, policy.windowMs);
  const row = await incrementHits(db.kysely, key, now);
  if (row.hits !== policy.limit) return { hits: row.hits, blockedUntil: row.blocked_until, blockedNow: false };
  const blockedUntil = new Date(now.getTime() + policy.blockMs).toISOString();
  await setBlockedUntil(db.kysely, key, blockedUntil);
  return { hits: row.hits, blockedUntil, blockedNow: true };
}

/** Counts a failure after the fact. Returns true when this hit blocked the key. */
export async function recordHit(db: Db, policy: ThrottlePolicy, subject: string, now: Date): Promise<boolean> {
  return (await hit(db, policy, subject, now)).blockedNow;
}

/**
 * Takes one attempt from the bucket BEFORE the work is done, so parallel requests cannot all
 * pass a check made before any of them was counted. Returns the milliseconds to wait when the
 * attempt is refused (already blocked, or over the limit), 0 when it may go on.
 */
export async function takeAttempt(db: Db, policy: ThrottlePolicy, subject: string, now: Date): Promise<number> {
  const { hits, blockedUntil, blockedNow } = await hit(db, policy, subject, now);
  const blockedMs = blockedUntil ? new Date(blockedUntil).getTime() - now.getTime() : 0;
  if (blockedNow) return 0; // the attempt that reaches the limit is the last one allowed
  if (blockedMs > 0) return blockedMs;
  return hits > policy.limit ? policy.blockMs : 0;
}

/**
 * Takes one attempt from a delay bucket before the work, in one statement: refused (with the
 * wait) while the key waits; otherwise counted, and the count sets the wait for the next one.
 */
export async function takeDelayedAttempt(db: Db, policy: DelayPolicy, subject: string, now: Date): Promise<number> {
  const key = keyOf(policy, subject);
  await restartEndedWindow(db.kysely, key, now, policy.windowMs);
  const ladder = policy.delaysMs.map((ms, i) => ({
    from: policy.free + i,
    until: new Date(now.getTime() + ms).toISOString(),
  }));
  if (await incrementUnlessWaiting(db.kysely, key, now, ladder)) return 0;
  return Math.max(1, await blockedForMs(db, policy, subject, now));
}

/** Attempts counted in the key's current window. */
export async function hitsOf(db: Db, policy: { name: string }, subject: string): Promise<number> {
  return readHits(db.kysely, keyOf(policy, subject));
}

/** Gives an attempt back (a success that should not count against the caller). */
export async function refundAttempt(db: Db, policy: ThrottlePolicy, subject: string): Promise<void> {
  await decrementHits(db.kysely, keyOf(policy, subject));
}

/** Clears a key, e.g. the account bucket after a successful login. */
export async function clearHits(db: Db, policy: { name: string }, subject: string): Promise<void> {
  await deleteKey(db.kysely, keyOf(policy, subject));
}
