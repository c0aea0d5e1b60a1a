import type { AppContext } from '../app-context.js';

/** A timer never sleeps longer than this, so a suspended machine or a clock step is noticed. */
export const MAX_TIMER_MS = 60_000;
/** While the database is away, how often the timer looks again (a due occurrence then fires once it is back). */
export const PAUSED_RETRY_MS = 5_000;

/**
 * How long the timer sleeps. Paused (the last tick failed because the database was away): an occurrence due during
 * the outage is still due, its instant did not advance, so the plain wait would be 0 and the timer would spin; it
 * looks again every few seconds instead.
 */
export function timerWaitMs(nowMs: number, next: Date | null, paused: boolean): number {
  if (paused) return PAUSED_RETRY_MS;
  return Math.max(0, Math.min(MAX_TIMER_MS, (next?.getTime() ?? nowMs + MAX_TIMER_MS) - nowMs));
}

export interface SchedulerTimerDeps {
  ctx: Pick<AppContext, 'clock' | 'db' | 'log'>;
  tick: () => Promise<unknown>;
  nextWake: () => Date | null;
  stopped: () => boolean;
}

/** The scheduler's one real timer: ticks at the next instant anything is due, pausing while the database is away. */
export class SchedulerTimer {
  private handle: NodeJS.Timeout | null = null;
  private paused = false;

  constructor(private readonly deps: SchedulerTimerDeps) {}

  get armed(): boolean {
    return this.handle !== null;
  }

  arm(): void {
    this.clear();
    const { ctx, tick, nextWake, stopped } = this.deps;
    if (stopped()) return;
    const wait = timerWaitMs(ctx.clock.now().getTime(), nextWake(), this.paused);
    this.handle = setTimeout(() => {
      tick()
        .then(() => {
          this.paused = false;
          ctx.db.status.answered();
        })
        .catch((err: unknown) => {
          // The database away is logged once by its status, at the start and the end of the outage.
          this.paused = ctx.db.status.failed(err);
          if (!this.paused) ctx.log.error({ err }, 'scheduler tick failed');
        })
        .finally(() => this.arm());
    }, wait);
    this.handle.unref();
  }

  clear(): void {
    if (this.handle) clearTimeout(this.handle);
    this.handle = null;
  }
}
