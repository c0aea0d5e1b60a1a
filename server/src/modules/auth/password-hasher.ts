import { hash, verify, type Options } from '@node-rs/argon2';
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
 * SEC-LOGIN-06: at most `concurrency` hashes run at once (one per core on the 2-core box),
 * so a login flood queues here instead of starving the public endpoints.
 */
export function createArgon2Hasher(concurrency = 2): PasswordHasher {
  const gate = new Semaphore(concurrency);
  return {
    hash: (password) => gate.run(() => hash(password, ARGON2_OPTIONS)),
    verify: (passwordHash, password) =>
      gate.run(async () => {
        try {
          return await verify(passwordHash, password);
        } catch {
          return false;
        }
      }),
  };
}
