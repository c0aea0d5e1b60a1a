import { fromSimulator } from '../../src/clients/clash-royale/access.js';
import { ManualClock } from '../../src/lib/clock.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { buildTestApp, type TestApp } from './test-app.js';

export interface PublicHarness {
  t: TestApp;
  sim: Simulator;
  clock: ManualClock;
  get(path: string): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** buildTestApp over a simulator of the test's own, with retries that do not wait. */
export async function publicHarness(
  options: { deadlineMs?: number; env?: Record<string, string> } = {},
): Promise<PublicHarness> {
  const clock = new ManualClock('2026-11-19T15:00:00.000Z');
  const sim = await startSimulator({ clock, seed: 7 });
  const clashRoyale = fromSimulator(sim, {
    client: { clock: { sleep: async () => undefined }, deadlineMs: options.deadlineMs ?? 5000 },
  });
  const t = await buildTestApp({ clock, env: options.env, deps: { clashRoyale } });
  return {
    t,
    sim,
    clock,
    get: async (path) => {
      const res = await t.app.inject({ method: 'GET', url: path });
      return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
    },
    close: async () => {
      await t.close();
      await sim.close();
    },
  };
}
