import { describeDatabaseError } from './database-errors.js';

/** Where the status writes its two lines; the app's logger once it exists. */
export interface StatusLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * Whether the database answered last time anyone asked: the health check, the scheduler, a request or the driver's
 * own connection errors (PostgreSQL restarting). It logs the start and the end of an outage once each, instead of one
 * error per failed query, and /healthz shows its reason.
 */
export class DatabaseStatus {
  private away: { reason: string; since: number } | null = null;
  private log: StatusLog | null = null;
  private nowMs: () => number = () => Date.now();

  /** The app's logger and clock, set by buildApp. */
  attach(log: StatusLog, nowMs: () => number): void {
    this.log = log;
    this.nowMs = nowMs;
  }

  /** The reason the database is away, or null while it answers. */
  get reason(): string | null {
    return this.away?.reason ?? null;
  }

  /** A failure: true when it means the database is away (recorded), false when it is any other error. */
  failed(err: unknown): boolean {
    const problem = describeDatabaseError(err);
    if (!problem.transient) return false;
    if (!this.away) {
      this.away = { reason: problem.reason, since: this.nowMs() };
      this.log?.warn(
        { reason: problem.reason },
        'database unreachable: requests that need it answer 503 and scheduled runs wait until it is back',
      );
    } else this.away.reason = problem.reason;
    return true;
  }

  /** The database answered: ends an outage (logged with its length). */
  answered(): void {
    if (!this.away) return;
    const seconds = Math.round((this.nowMs() - this.away.since) / 1000);
    this.away = null;
    this.log?.info({ outageSeconds: seconds }, 'database reachable again');
  }
}
