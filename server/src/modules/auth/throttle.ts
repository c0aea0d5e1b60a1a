import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** A bucket: `limit` hits within `windowMs` block the key for `blockMs`. */
export interface ThrottlePolicy {
  name: string;
  limit: number;
  windowMs: number;
  blockMs: number;
}

const MINUTE = 60_000;

/**
 * The documented throttles (docs/security.md §13 A.1, A.4). Every block is time-bounded, so the
 * only admin is never locked out for good (SEC-LOGIN-05), and the account bucket allows at most
 * 5 failures per 15 minutes = 20 per hour, under the 100/hour bar (SEC-LOGIN-03).
 */
export const THROTTLES = {
  /** SEC-LOGIN-03: failed logins and wrong current passwords per account (keyed by the typed name). */
  loginAccount: { name: 'login-account', limit: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** SEC-LOGIN-04: failed logins and captcha failures per client IP, across usernames. */
  loginIp: { name: 'login-ip', limit: 20, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** Captcha issuing per IP: keeps the captchas table small under a flood. */
  captchaIp: { name: 'captcha-ip', limit: 120, windowMs: 15 * MINUTE, blockMs: 5 * MINUTE },
  /** SEC-FP-02: forgot-password requests per IP. */
  forgotIp: { name: 'forgot-ip', limit: 10, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** SEC-FP-02: reset mails per account: 3 per hour. */
  forgotAccount: { name: 'forgot-account', limit: 3, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
  /** SEC-RST-06: failed reset attempts per IP. */
  resetIp: { name: 'reset-ip', limit: 10, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
} satisfies Record<string, ThrottlePolicy>;

const keyOf = (policy: ThrottlePolicy, subject: string) => `${policy.name}:${subject}`;

/** Milliseconds until the key may try again, or 0 when it is not blocked. */
export async function blockedForMs(db: Db, policy: ThrottlePolicy, subject: string, now: Date): Promise<number> {
  const row = await db.kysely
    .selectFrom('rate_limits')
    .select('blocked_until')
    .where('key', '=', keyOf(policy, subject))
    .executeTakeFirst();
  if (!row?.blocked_until) return 0;
  return Math.max(0, new Date(row.blocked_until).getTime() - now.getTime());
}

/**
 * Counts one hit atomically (upsert with `hits + 1`, so parallel requests and several instances
 * on one database all count) and blocks the key when the limit is reached.
 */
async function hit(
  db: Db,
  policy: ThrottlePolicy,
  subject: string,
  now: Date,
): Promise<{ hits: number; blockedUntil: string | null; blockedNow: boolean }> {
  const key = keyOf(policy, subject);
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - policy.windowMs).toISOString();
  // A window that ended (and any block that ran out) starts over.
  await db.kysely
    .updateTable('rate_limits')
    .set({ hits: 0, window_started_at: nowIso, blocked_until: null })
    .where('key', '=', key)
    .where('window_started_at', '<', windowStart)
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', nowIso)]))
    .execute();
  const row = await db.kysely
    .insertInto('rate_limits')
    .values({ key, hits: 1, window_started_at: nowIso, blocked_until: null })
    .onConflict((oc) => oc.column('key').doUpdateSet({ hits: sql<number>`rate_limits.hits + 1` }))
    .returning(['hits', 'blocked_until'])
    .executeTakeFirstOrThrow();
  if (row.hits !== policy.limit) return { hits: row.hits, blockedUntil: row.blocked_until, blockedNow: false };
  const blockedUntil = new Date(now.getTime() + policy.blockMs).toISOString();
  await db.kysely.updateTable('rate_limits').set({ blocked_until: blockedUntil }).where('key', '=', key).execute();
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

/** Gives an attempt back (a success that should not count against the caller). */
export async function refundAttempt(db: Db, policy: ThrottlePolicy, subject: string): Promise<void> {
  await db.kysely
    .updateTable('rate_limits')
    .set({ hits: sql<number>`hits - 1` })
    .where('key', '=', keyOf(policy, subject))
    .where('hits', '>', 0)
    .execute();
}

/** Clears a key, e.g. the account bucket after a successful login. */
export async function clearHits(db: Db, policy: ThrottlePolicy, subject: string): Promise<void> {
  await db.kysely.deleteFrom('rate_limits').where('key', '=', keyOf(policy, subject)).execute();
}
