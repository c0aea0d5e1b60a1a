import { ManualClock } from '../../../src/lib/clock.js';
import type { Engine } from '../../../src/db/database.js';
import { createInactivePlayersRun } from '../../../src/scripts/clan/inactive-players.script.js';
import { inactivePlayersScript, monthlyFameScript, riverRaceLogScript } from '../../../src/scripts/registry.js';
import type { RunReport } from '../../../src/scripts/runner.js';
import type { AnyScriptDefinition } from '../../../src/scripts/types.js';
import type { PeriodInfo, Simulator } from '../../../src/simulator/index.js';
import type { TestApp } from '../../helpers/test-app.js';
import { scriptTestApp } from '../script-test-kit.js';

export interface WarTimeline {
  t: TestApp;
  clock: ManualClock;
  sim: Simulator;
  inactive: AnyScriptDefinition;
  /** polls the scheduled inactive-players run made while waiting (advanced clock by 3 min each) */
  sleeps: number[];
  at(iso: string | Date): void;
  run(def?: AnyScriptDefinition): Promise<RunReport>;
  period(at: Date | string): PeriodInfo;
  /** exact decks used on that battle day, from the simulator's own model */
  decks(tag: string, day: PeriodInfo): number;
  members(at: Date | string): string[];
  close(): Promise<void>;
}

/**
 * The demo app on its embedded simulator, both driven by one manual clock: the inactive-players
 * script's sleeps advance that clock, so a 40-minute window runs without waiting.
 */
export async function warTimeline(engine: Engine, start: string): Promise<WarTimeline> {
  const clock = new ManualClock(start);
  const sleeps: number[] = [];
  const inactive: AnyScriptDefinition = {
    ...inactivePlayersScript,
    run: createInactivePlayersRun(async (ms) => {
      sleeps.push(ms);
      clock.advance(ms);
    }),
  };
  const t = await scriptTestApp(engine, clock, { definitions: [inactive, riverRaceLogScript, monthlyFameScript] });
  const sim = t.app.ctx.cr.simulator;
  if (!sim) throw new Error('the test app must run in demo mode');
  return {
    t,
    clock,
    sim,
    inactive,
    sleeps,
    at: (iso) => clock.set(iso),
    run: (def = inactive) => t.app.ctx.scripts.runNow(def),
    period: (at) => sim.state.period(new Date(at)),
    decks: (tag, day) => sim.state.decksUsedOn(tag, day.seasonId, day.periodIndex),
    members: (at) => sim.state.membersAt(new Date(at)).map((m) => m.tag),
    close: () => t.close(),
  };
}

/** The first instant at or after `from` (hour steps) for which `test` holds. */
export function findTime(from: string, test: (at: Date) => boolean, limitDays = 120): Date {
  const start = new Date(from).getTime();
  for (let h = 0; h < limitDays * 24; h++) {
    const at = new Date(start + h * 3_600_000);
    if (test(at)) return at;
  }
  throw new Error(`no time found after ${from}`);
}

export const MINUTE = 60_000;
