import type { Clock } from './clock.js';

/**
 * Who asks: `poll` (scripts, war snapshots, Discord commands) may take the whole bucket; `page` (public cache
 * refreshes) never its last quarter, so a members-table refresh never delays a war poll.
 */
export type RequestPriority = 'poll' | 'page';

/** Share of the bucket only `poll` may take. */
export const PAGE_RESERVE = 0.25;

export interface RequestBudgetOptions {
  /** tokens a minute, and the bucket's size */
  perMinute: number;
  clock: Pick<Clock, 'now' | 'sleep'>;
}

/**
 * A token bucket of `perMinute` requests, full at start and refilled continuously on the injected clock
 * (docs/decisions/101-request-budget.md). Waiting sleeps on that clock, so a manual clock needs no real time.
 */
export class RequestBudget {
  readonly perMinute: number;
  private readonly clock: Pick<Clock, 'now' | 'sleep'>;
  private readonly msPerToken: number;
  private tokens: number;
  private at: number;

  constructor(options: RequestBudgetOptions) {
    if (!(Number.isInteger(options.perMinute) && options.perMinute >= 1)) {
      throw new RangeError('RequestBudget perMinute must be a whole number of at least 1');
    }
    this.perMinute = options.perMinute;
    this.clock = options.clock;
    this.msPerToken = 60_000 / options.perMinute;
    this.tokens = options.perMinute;
    this.at = options.clock.now().getTime();
  }

  /** Whole tokens in the bucket now. */
  available(): number {
    this.refill(this.clock.now().getTime());
    return Math.floor(this.tokens + 1e-9);
  }

  /** A deadline `ms` from now on the budget's clock. */
  deadlineIn(ms: number): Date {
    return new Date(this.clock.now().getTime() + ms);
  }

  /**
   * Takes one token, waiting on the clock while none is free to `priority`. Resolves false, without waiting in
   * vain, when the token cannot come by `deadline` (or `signal` aborts the wait).
   */
  async take(priority: RequestPriority, deadline: Date, signal?: AbortSignal): Promise<boolean> {
    const floor = priority === 'page' ? this.perMinute * PAGE_RESERVE : 0;
    for (;;) {
      const now = this.clock.now().getTime();
      this.refill(now);
      if (this.tokens + 1e-9 >= floor + 1) {
        this.tokens -= 1;
        return true;
      }
      const wait = Math.ceil((floor + 1 - this.tokens) * this.msPerToken);
      if (signal?.aborted || now + wait > deadline.getTime()) return false;
      try {
        await this.clock.sleep(wait, signal);
      } catch {
        return false;
      }
    }
  }

  private refill(now: number): void {
    if (now <= this.at) return;
    this.tokens = Math.min(this.perMinute, this.tokens + (now - this.at) / this.msPerToken);
    this.at = now;
  }
}
