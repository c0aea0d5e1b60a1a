import { ManualClock } from '../../src/lib/clock.js';

/**
 * A manual clock that can stop time at an instant, as a server does when it is stopped: code
 * that sleeps across `holdAt` (a run polling in its window) is parked there until it is aborted
 * (the server's shutdown aborts its runs). `held` resolves when that happens, so a timeline can
 * restart the app at that very moment (a deploy inside the window).
 */
export class HoldingClock extends ManualClock {
  private holds: { at: number; reached: () => void }[] = [];

  /** Parks the first sleep that would cross `at`; resolves when one does. */
  holdAt(at: Date): Promise<void> {
    return new Promise((resolve) => this.holds.push({ at: at.getTime(), reached: resolve }));
  }

  /** Holds still ahead of the clock. */
  get pendingHolds(): number {
    return this.holds.length;
  }

  override set(at: Date | string): void {
    super.set(at);
    // moving the clock past a hold outside any sleep means nothing was running then: drop it
    const now = this.now().getTime();
    this.holds = this.holds.filter((h) => h.at > now);
  }

  override async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    const now = this.now().getTime();
    const hold = this.holds.find((h) => h.at > now && h.at <= now + ms);
    if (!hold || !signal) return super.sleep(ms, signal);
    this.holds = this.holds.filter((h) => h !== hold);
    super.set(new Date(hold.at));
    hold.reached();
    await new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  }
}
