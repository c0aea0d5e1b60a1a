import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, PAUSED_RETRY_MS, timerWaitMs } from '../../src/scripts/scheduler-timer.js';

const NOW = Date.parse('2026-11-23T15:05:00.000Z');

describe('how long the scheduler timer sleeps', () => {
  it.each([
    ['until the next instant due', new Date(NOW + 20_000), false, 20_000],
    ['at most a minute', new Date(NOW + 3_600_000), false, MAX_TIMER_MS],
    ['a minute with nothing due', null, false, MAX_TIMER_MS],
    ['not at all for an instant already past', new Date(NOW - 300_000), false, 0],
    // the database away: the occurrence due during the outage stays due; the timer must not spin on it
    ['5 s while the database is away, though an instant is past', new Date(NOW - 300_000), true, PAUSED_RETRY_MS],
  ])('%s', (_what, next, paused, expected) => {
    expect(timerWaitMs(NOW, next, paused)).toBe(expected);
  });
});
