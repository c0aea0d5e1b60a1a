import type { Options } from '@node-rs/argon2';
import { AppError } from '../../lib/app-error.js';
import { Semaphore } from '../../lib/concurrency.js';

/** Hashing behind an interface so tests can count calls (SEC-LOGIN-02). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

/** SEC-PW-04: argon2id, m=19456 KiB, t=2, p=1, PHC string format. */
// `algorithm: 2` is Algorithm.Argon2id (a const enum, not importable under isolatedModules).
export const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * SEC-LOGIN-02: the hash a login for an unknown username is verified against, so it takes as long as a real one.
 * An argon2id hash with ARGON2_OPTIONS (a test checks they agree) of 24 random bytes nobody kept: the result of that
 * verification is thrown away. A constant, not a hash made at each start, so an idle server neither loads argon2
 * nor spends 19 MB and a thread on it (docs/decisions/076-idle-rss-budget.md).
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$LAs/ccjoXdn5hKEWl6eVFg$5YwZtSbFoLFsaBQ7AOYKyZag0sOK7SZ2p2HpL3ClEMU';

export interface HashingLimits {
  /** hashes running at once (one per core on the 2-core box) */
  concurrency?: number;
  /** hashes waiting for a slot; one more is refused with 503 */
  maxQueue?: number;
}

/** Seconds a refused caller is asked to wait (a queue this long drains in about that time). */
export const BUSY_RETRY_AFTER_S = 5;
const BUSY_CODE = 'SERVER_BUSY';

export const isServerBusy = (err: unknown) => err instanceof AppError && err.code === BUSY_CODE;

/**
 * SEC-LOGIN-06: at most `concurrency` hashes run at once and at most `maxQueue` wait; beyond
 * that the request is answered 503 with Retry-After at once, so a login flood neither starves
 * the public endpoints nor piles up memory and latency.
 */
export function boundedHasher(inner: PasswordHasher, limits: HashingLimits = {}): PasswordHasher {
  const gate = new Semaphore(limits.concurrency ?? 2);
  const maxQueue = limits.maxQueue ?? 16;
  const admit = <T>(task: () => Promise<T>): Promise<T> => {
    if (gate.saturated && gate.queued >= maxQueue) {
      return Promise.reject(
        new AppError(
          503,
          BUSY_CODE,
          'The server is busy checking passwords. Please try again in a few seconds.',
          BUSY_RETRY_AFTER_S,
        ),
      );
    }
    return gate.run(task);
  };
  return {
    hash: (password) => admit(() => inner.hash(password)),
    verify: (passwordHash, password) => admit(() => inner.verify(passwordHash, password)),
  };
}

/** The native argon2 package, loaded on the first hash or verification (a sign-in, a password change). */
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

/** The real argon2id, unbounded: wrap it with boundedHasher. */
export const argon2Hasher: PasswordHasher = {
  hash: async (password) => (await loadArgon2()).hash(password, ARGON2_OPTIONS),
  verify: async (passwordHash, password) => {
    try {
      return await (await loadArgon2()).verify(passwordHash, password);
    } catch {
      return false;
    }
  },
};

export function createArgon2Hasher(limits: HashingLimits = {}): PasswordHasher {
  return boundedHasher(argon2Hasher, limits);
}
