/**
 * Injected time source: tests pass a manual clock, production the system clock. Waiting goes
 * through the clock too, so war weeks and retry backoffs run in tests without real sleeping.
 */
export interface Clock {
  now(): Date;
  /**
   * `now()` in ms since the epoch, without a Date: the cached public API reads the time on every request
   * (docs/decisions/074-api-hot-path.md). Clocks without it are read through `now()`.
   */
  nowMs?(): number;
  /** Lets `ms` of this clock's time pass; rejects with the signal's reason when it is aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('aborted');
}

export const systemClock: Clock = {
  now: () => new Date(),
  nowMs: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortReason(signal));
      const onAbort = () => {
        clearTimeout(timer);
        reject(abortReason(signal!));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/**
 * The system clock moved by `offsetMs`: a server started as a process by a test (CLOCK_OFFSET_MS) and the
 * simulator that test runs share one instant of the war week, whatever the hour the test runs at.
 */
export function shiftedClock(offsetMs: number): Clock {
  if (offsetMs === 0) return systemClock;
  return {
    now: () => new Date(Date.now() + offsetMs),
    nowMs: () => Date.now() + offsetMs,
    sleep: systemClock.sleep,
  };
}

/**
 * A clock tests set and advance. Its `sleep` moves the clock forward at once: code that waits
 * (a polling window, a retry backoff) runs through hours of clock time in milliseconds.
 */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string) {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw abortReason(signal);
    this.current += Math.max(0, ms);
  }
}

/** The one timestamp representation stored and sent: ISO-8601 UTC with milliseconds (docs/decisions/002). */
export function toIso(date: Date): string {
  return date.toISOString();
}
