import { shiftedClock, type Clock } from '../../src/lib/clock.js';

/**
 * A server started as a process (tools/server-process.ts) and the simulator its test runs, both at `at`: the
 * process reads the offset from CLOCK_OFFSET_MS, the simulator gets the same shifted clock. The test then runs at
 * that instant of the war week whatever day and hour it is run on, and the scheduler's own work at start (a
 * catch-up on a battle day, the Monday log) is the one the test chose.
 */
export function processClockAt(at: string): { clock: Clock; env: { CLOCK_OFFSET_MS: string } } {
  const offsetMs = Date.parse(at) - Date.now();
  return { clock: shiftedClock(offsetMs), env: { CLOCK_OFFSET_MS: String(offsetMs) } };
}
