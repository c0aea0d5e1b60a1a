import type { Clock } from '../lib/clock.js';
import { describeDatabaseError } from './database-errors.js';

const FIRST_WAIT_MS = 1_000;
const MAX_WAIT_MS = 15_000;

/** Wait before try `attempt + 1` after `attempt` failed ones: 1 s, 2 s, 4 s, 8 s, then every 15 s. */
export function waitDelayMs(attempt: number): number {
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.max(0, attempt - 1));
}

/** The database stayed away for the whole wait; `cause` is the last failure (its code says "try again"). */
export class DatabaseUnreachable extends Error {}

export interface WaitOptions {
  clock: Clock;
  /** how long to keep trying (DATABASE_WAIT_SECONDS); 0 tries once */
  limitMs: number;
  /** one line per failed try, for the operator */
  say: (line: string) => void;
}

/**
 * A start before the database is up (a boot where PostgreSQL comes after ClanOps, a restart of both) waits for it
 * with backoff instead of failing. A failure waiting cannot fix (a wrong password, a missing database) is thrown at
 * once; a database still away after `limitMs` ends in DatabaseUnreachable, which the start turns into exit 1 so the
 * service manager tries again (docs/decisions/120-database-outages.md).
 */
export async function waitForDatabase(ping: () => Promise<void>, options: WaitOptions): Promise<number> {
  const { clock, limitMs, say } = options;
  const started = clock.now().getTime();
  for (let attempt = 1; ; attempt++) {
    try {
      await ping();
      return attempt;
    } catch (err) {
      const problem = describeDatabaseError(err);
      if (!problem.transient) throw err;
      const waited = clock.now().getTime() - started;
      const delay = Math.min(waitDelayMs(attempt), limitMs - waited);
      if (delay <= 0) {
        throw new DatabaseUnreachable(
          `the database is still unreachable after ${Math.round(waited / 1000)} s: ${problem.reason}`,
          { cause: err },
        );
      }
      say(
        `ClanOps is waiting for the database: ${problem.reason}; next try in ${Math.ceil(delay / 1000)} s ` +
          `(waited ${Math.round(waited / 1000)} of ${Math.round(limitMs / 1000)} s)`,
      );
      await clock.sleep(delay);
    }
  }
}
