import { describe, expect, it } from 'vitest';
import { backtest } from '#test/helpers/race-replay/backtest';
import { recordedWeeks } from '#test/helpers/race-replay/recorded-weeks';
import { simulatedWeeks } from '#test/helpers/race-replay/simulated-weeks';

/**
 * The projection replayed from the start of each battle day over weeks whose end is known from outside it: the six
 * complete weeks the recordings log (all five clans' medals and boat each day) and weeks the replay's own generator
 * plays with clan profiles fitted to `riverracelog.json` (`npm run bench` prints the same tables in full).
 * The range shown is an 80% band; the stated rate is that from day 2 on the true final fame lies in it at least 75%
 * of the time. The recorded weeks are replayed with 400 scenarios, as the projection runs live and the bench prints.
 */
describe('the projection against known weeks', () => {
  it('recorded weeks: in range at the stated rate, and better than the live-pace baseline from day 2 on', () => {
    const rows = backtest(recordedWeeks(), 400);
    expect(rows.map((r) => r.scored)).toEqual([30, 30, 30, 26]);
    for (const r of rows.slice(1)) {
      expect(r.ours.inRange, `day ${r.day}`).toBeGreaterThanOrEqual(0.75);
      expect(r.ours.placeHits, `day ${r.day}`).toBeGreaterThan(r.baseline.placeHits);
      expect(r.ours.meanError, `day ${r.day}`).toBeLessThan(r.baseline.meanError);
    }
  });

  it('simulated weeks: in range at the stated rate, and better than the live-pace baseline from day 2 on', () => {
    const rows = backtest(simulatedWeeks(100, 7), 100);
    for (const r of rows.slice(1)) {
      expect(r.ours.inRange, `day ${r.day}`).toBeGreaterThanOrEqual(0.75);
      expect(r.ours.placeHits, `day ${r.day}`).toBeGreaterThan(r.baseline.placeHits);
      expect(r.ours.meanError, `day ${r.day}`).toBeLessThan(r.baseline.meanError);
    }
  });
});
