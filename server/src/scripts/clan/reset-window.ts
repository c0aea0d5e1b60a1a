import type { RiverRaceLogWeek } from '../../modules/war/types.js';

/** docs/product.md §9: the scheduled run covers ±40 minutes around its time and polls every 3 minutes. */
export const WINDOW_MS = 40 * 60_000;
export const POLL_MS = 3 * 60_000;
/** Slack after the expected reset before we call it "already happened". */
const RESET_SLACK_MS = 5 * 60_000;

/**
 * Today's expected daily reset: the reset clock of the race is the time of day of the newest
 * log item's createdDate, stable within a season (docs/clash-royale-api.md §7.2). Null without a log.
 */
export function expectedResetOn(now: Date, log: readonly RiverRaceLogWeek[]): Date | null {
  const newest = log[0];
  if (!newest) return null;
  const c = newest.createdDate;
  return new Date(
    Date.UTC(
      now.getUTCFullYear(),
      now.getUTCMonth(),
      now.getUTCDate(),
      c.getUTCHours(),
      c.getUTCMinutes(),
      c.getUTCSeconds(),
    ),
  );
}

export type WindowPlan = { kind: 'report-now' } | { kind: 'wait-for-reset'; until: Date };

/**
 * A scheduled run waits for the reset only when it is still to come inside the window; when it
 * already happened (winter: 04:30–05:00 New York, before a 05:55 run) it reports at once.
 */
export function planWindow(now: Date, scheduledFor: Date, log: readonly RiverRaceLogWeek[]): WindowPlan {
  const windowEnd = new Date(scheduledFor.getTime() + WINDOW_MS);
  const reset = expectedResetOn(now, log);
  if (!reset || now >= windowEnd) return { kind: 'report-now' };
  const resetDone = now.getTime() > reset.getTime() + RESET_SLACK_MS;
  const resetInWindow = reset.getTime() - RESET_SLACK_MS <= windowEnd.getTime();
  return !resetDone && resetInWindow ? { kind: 'wait-for-reset', until: windowEnd } : { kind: 'report-now' };
}
