import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { RequestBudget } from '../../lib/request-budget.js';
import { UpstreamCounters, type UpstreamHour } from '../../lib/upstream-counters.js';
import { demoFeeders } from '../../modules/family/demo-family.js';
import type { Simulator } from '../../simulator/index.js';
import { ClashRoyaleClient, OFFICIAL_BASE_URL } from './clash-royale-client.js';

/** The app's way to the Clash Royale API: the real one, or the embedded simulator in demo mode. */
export interface ClashRoyaleAccess {
  client: ClashRoyaleClient;
  /** true when answers come from the simulator (public responses say so) */
  demo: boolean;
  simulator?: Simulator;
  /**
   * The feeder clans of a demo built from the configuration (DEMO_FAMILY=1; empty with DEMO_FAMILY=0): the `clans`
   * table follows it at start. Absent for the live API and for a simulator a caller started itself.
   */
  demoFamily?: readonly string[];
  close(): Promise<void>;
}

/**
 * With no CR_API_TOKEN (docs/architecture.md §1 "Embedded default") the simulator starts on a free loopback
 * port with the app's clock and the real client talks to it.
 */
export async function createClashRoyaleAccess(
  config: Config,
  clock: Clock,
  log: FastifyBaseLogger,
): Promise<ClashRoyaleAccess> {
  if (!config.demoMode && config.CR_API_TOKEN) {
    const baseUrl = config.CR_API_BASE_URL ?? OFFICIAL_BASE_URL;
    const client = new ClashRoyaleClient({
      baseUrl,
      token: config.CR_API_TOKEN,
      clock,
      ...metering(config, clock),
      onInvalidIp: (ip) => log.warn({ ip }, 'Clash Royale API key does not allow this IP'),
    });
    log.info({ baseUrl }, 'Clash Royale API client ready');
    return { client, demo: false, close: async () => undefined };
  }
  // Loaded only here: a live server never has the simulator in memory.
  const { startSimulator } = await import('../../simulator/index.js');
  const family = config.DEMO_FAMILY === '1' ? demoFeeders(config.CLAN_TAG) : [];
  const demoFamily = family.map((c) => c.tag);
  const simulator = await startSimulator({ clock, clanTag: config.CLAN_TAG, ...(family.length ? { family } : {}) });
  log.info(
    { url: simulator.url, clanTag: config.CLAN_TAG, family: demoFamily },
    'demo mode: Clash Royale API simulator started',
  );
  const access = fromSimulator(simulator, { closeSimulator: true, client: { clock, ...metering(config, clock) } });
  return { ...access, demoFamily };
}

/** The request budget of CR_REQUESTS_PER_MINUTE and the per-clan counters, on the app's clock. */
function metering(config: Config, clock: Clock) {
  return {
    budget: new RequestBudget({ perMinute: config.CR_REQUESTS_PER_MINUTE, clock }),
    counters: new UpstreamCounters(clock),
    clanTag: config.CLAN_TAG,
  };
}

/**
 * Wraps a simulator tests started themselves (they close it). Calls count for the simulator's clan on the system
 * clock unless `client` says otherwise; there is no request budget unless `client.budget` names one.
 */
export function fromSimulator(
  simulator: Simulator,
  options: { closeSimulator?: boolean; client?: Partial<ConstructorParameters<typeof ClashRoyaleClient>[0]> } = {},
): ClashRoyaleAccess {
  const client = new ClashRoyaleClient({
    baseUrl: simulator.url,
    token: 'demo',
    clanTag: simulator.state.clanTag,
    counters: new UpstreamCounters(systemClock),
    ...options.client,
  });
  return {
    client,
    demo: true,
    simulator,
    close: async () => {
      if (options.closeSimulator) await simulator.close();
    },
  };
}

export interface ClashRoyaleStatus {
  reachable: boolean | null;
  currentIp: string | null;
  checkedAt: string | null;
  detail: string | null;
  lastHour?: UpstreamHour[];
  budget?: { perMinute: number; available: number };
}

/** Reachability as seen by the last call (no extra request), the last hour's calls per clan and the budget. */
export function clashRoyaleStatus(access: ClashRoyaleAccess): ClashRoyaleStatus {
  const { client } = access;
  const last = client.lastOutcome;
  return {
    reachable: last ? last.ok : null,
    currentIp: client.lastInvalidIp?.ip ?? null,
    checkedAt: last ? last.at.toISOString() : null,
    detail: last?.detail ?? null,
    ...(client.counters ? { lastHour: client.counters.lastHour() } : {}),
    ...(client.budget ? { budget: { perMinute: client.budget.perMinute, available: client.budget.available() } } : {}),
  };
}
