import type { Clock } from './clock.js';

/**
 * Who asks: `poll` (scripts, war snapshots) may take the whole bucket; `page` (public cache refreshes) never its last
 * quarter, so a members-table refresh never delays a war poll; `lookup` (what a member asks in Discord) never its
 * last half, so members typing commands starve neither the polls nor the public pages.
 */
export type RequestPriority = 'poll' | 'page' | 'lookup';

/** Share of the bucket only `poll` may take. */
export const PAGE_RESERVE = 0.25;
/** Share of the bucket a `lookup` may not take. */
export const LOOKUP_RESERVE = 0.5;

/** Queue order: a lower rank is served first. */
const RANK: Record<RequestPriority, number> = { poll: 0, page: 1, lookup: 2 };

export interface RequestBudgetOptions {
  /** tokens a minute, and the bucket's size */
  perMinute: number;
  clock: Pick<Clock, 'now' | 'sleep'>;
}

interface Waiter {
  priority: RequestPriority;
  deadline: number;
  done: (ok: boolean) => void;
}

const EPSILON = 1e-9;

/**
 * A token bucket of `perMinute` requests, full at start and refilled continuously on the injected clock
 * (docs/decisions/101-request-budget.md). Callers without a token queue, polls ahead of pages ahead of lookups, first
 * come first served within each; one sleeper waits on the clock for the head's token, so a manual clock needs no real time and moves on
 * by exactly the waits the queue needs.
 */
export class RequestBudget {
  readonly perMinute: number;
  private readonly clock: Pick<Clock, 'now' | 'sleep'>;
  private readonly msPerToken: number;
  private tokens: number;
  private at: number;
  private readonly queue: Waiter[] = [];
  private sleeping: AbortController | null = null;

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
    return Math.floor(this.tokens + EPSILON);
  }

  /** A deadline `ms` from now on the budget's clock. */
  deadlineIn(ms: number): Date {
    return new Date(this.clock.now().getTime() + ms);
  }

  /**
   * Takes one token, waiting on the clock while none is free to `priority`. Resolves false as soon as the token
   * cannot come by `deadline` (those queued ahead take theirs first), or when `signal` aborts the wait.
   */
  take(priority: RequestPriority, deadline: Date, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    this.refill(this.clock.now().getTime());
    const ahead = this.queue.some((w) => RANK[w.priority] <= RANK[priority]);
    if (!ahead && this.tokens + EPSILON >= this.floorOf(priority) + 1) {
      this.tokens -= 1;
      return Promise.resolve(true);
    }
    return new Promise<boolean>((resolve) => {
      const onAbort = () => this.leave(waiter, false);
      const waiter: Waiter = {
        priority,
        deadline: deadline.getTime(),
        done: (ok) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(ok);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const lastAhead = this.queue.findLastIndex((w) => RANK[w.priority] <= RANK[priority]);
      this.queue.splice(lastAhead + 1, 0, waiter);
      if (this.sleeping) this.sleeping.abort();
      else void this.serve();
    });
  }

  /** The one sleeper: serves the queue's head when its token is there, sleeping on the clock until then. */
  private async serve(): Promise<void> {
    for (let wait = this.settle(); wait !== null; wait = this.settle()) {
      this.sleeping = new AbortController();
      await this.clock.sleep(wait, this.sleeping.signal).catch(() => undefined);
      this.sleeping = null;
    }
  }

  /** Hands out the tokens that are there, fails who cannot be served in time; ms until the head's token, or null. */
  private settle(): number | null {
    const now = this.clock.now().getTime();
    this.refill(now);
    while (this.queue[0] && this.tokens + EPSILON >= this.floorOf(this.queue[0].priority) + 1) {
      this.tokens -= 1;
      this.queue.shift()!.done(true);
    }
    let ahead = 0;
    for (const waiter of [...this.queue]) {
      if (now + this.msUntil(this.floorOf(waiter.priority) + ahead + 1) > waiter.deadline) this.leave(waiter, false);
      else ahead += 1;
    }
    const head = this.queue[0];
    return head ? Math.max(1, this.msUntil(this.floorOf(head.priority) + 1)) : null;
  }

  private leave(waiter: Waiter, ok: boolean): void {
    const i = this.queue.indexOf(waiter);
    if (i >= 0) this.queue.splice(i, 1);
    waiter.done(ok);
  }

  /** ms until the bucket holds `tokens`. */
  private msUntil(tokens: number): number {
    return tokens <= this.tokens + EPSILON ? 0 : Math.ceil((tokens - this.tokens) * this.msPerToken);
  }

  private floorOf(priority: RequestPriority): number {
    if (priority === 'page') return this.perMinute * PAGE_RESERVE;
    return priority === 'lookup' ? this.perMinute * LOOKUP_RESERVE : 0;
  }

  private refill(now: number): void {
    if (now <= this.at) return;
    this.tokens = Math.min(this.perMinute, this.tokens + (now - this.at) / this.msPerToken);
    this.at = now;
  }
}
