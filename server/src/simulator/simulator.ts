import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { normaliseClanTag } from '../lib/clan-tag.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { FaultTable, RequestCounters, type Fault, type FaultRate, type SimRoute } from './faults.js';
import { answer, matchRoute, type SimAnswer } from './routes.js';
import { SimState } from './state.js';

export interface SimulatorOptions {
  clock: Clock;
  seed?: number;
  clanTag?: string;
  clanName?: string;
  /** added to every answer, as a slow upstream would */
  latencyMs?: number;
  /** share of days whose reset waits for a maintenance break (API 503 meanwhile); default 0 */
  maintenanceRate?: number;
  /** chance per member and day to leave and rejoin later (default 0) */
  hopRate?: number;
  /**
   * The other clans of a family (feeders), served with `clanTag` from one player pool: each with its own roster,
   * race, log and payloads; players move between them (docs/decisions/102-simulated-family.md). None: one clan.
   */
  family?: readonly { tag: string; name?: string }[];
  /** a family's expected moves per day, all clans together (default 0.3, at most 4) */
  moveRate?: number;
  /** a family's hard moves on top: around the reset, returns, rejoins, moves after the day's decks (decision 109) */
  hardMoves?: boolean;
  /** random faults on any call; default none */
  faultRate?: FaultRate;
  /** the clan of another simulator (same seed): its caches are shared, its time is this clock's */
  state?: SimState;
}

export interface Simulator {
  /** base URL including /v1, for the client's baseUrl */
  url: string;
  state: SimState;
  faults: FaultTable;
  counters: RequestCounters;
  setFault(route: SimRoute | '*', fault: Fault, options?: { times?: number }): void;
  /** random faults on every call from now on (null: none) */
  setFaultRate(rate: FaultRate | null): void;
  clearFaults(route?: SimRoute | '*'): void;
  setLatency(ms: number): void;
  /** requests received on a route, or in total */
  requests(route?: SimRoute): number;
  resetCounters(): void;
  close(): Promise<void>;
}

export const DEFAULT_SIM_CLAN_TAG = '#2PQ8L0C';

/** Starts the Clash Royale API simulator on 127.0.0.1 (a free port). */
export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const clanTag = normaliseClanTag(options.clanTag ?? DEFAULT_SIM_CLAN_TAG);
  if (!clanTag) throw new Error(`Simulator: invalid clan tag ${options.clanTag}`);
  const clanName = options.clanName ?? 'Demo Royale ⚔';
  const state =
    options.state ??
    new SimState(options.seed ?? 20260, clanTag, clanName, {
      maintenanceRate: options.maintenanceRate,
      hopRate: options.hopRate,
      ...(options.family?.length
        ? {
            family: familyClans(clanTag, clanName, options.family),
            moveRate: options.moveRate,
            hardMoves: options.hardMoves,
          }
        : {}),
    });
  // Warm the war-trophy history once so the first request is not the slow one.
  state.war.warTrophiesAt(options.clock.now().getTime());
  const faults = new FaultTable();
  faults.setRate(options.faultRate ?? null);
  const counters = new RequestCounters();
  let latencyMs = options.latencyMs ?? 0;
  // Latency is network time, not game time: it passes on the system clock, and closing cuts it short.
  const closing = new AbortController();

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, { status: 500, body: { reason: 'unknownException' } });
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const path = url.pathname.replace(/^\/v1(?=\/)/, '');
    const match = matchRoute(path);
    counters.record(match?.route ?? 'unknown', url.pathname);
    if (!match) return send(res, { status: 404, body: { reason: 'notFound', message: 'Not found' } });
    const fault = faults.take(match.route, options.clock.now().getTime());
    const delay = latencyMs + (fault?.kind === 'latency' ? fault.ms : 0);
    if (delay > 0) await systemClock.sleep(delay, closing.signal).catch(() => undefined);
    if (res.destroyed) return;
    if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) {
      return send(res, { status: 403, body: { reason: 'accessDenied', message: 'Invalid authorization' } });
    }
    if (state.calendar.maintenanceAt(options.clock.now().getTime()))
      return applyFault(req, res, { kind: 'maintenance' });
    if (fault && fault.kind !== 'latency') return applyFault(req, res, fault);
    send(res, answer(state, match.route, match.param, url.searchParams, options.clock.now().getTime()));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    state,
    faults,
    counters,
    setFault: (route, fault, opts) => faults.set(route, fault, opts),
    setFaultRate: (rate) => faults.setRate(rate),
    clearFaults: (route) => faults.clear(route),
    setLatency: (ms) => {
      latencyMs = ms;
    },
    requests: (route) => counters.count(route),
    resetCounters: () => counters.reset(),
    close: () =>
      new Promise<void>((resolve) => {
        closing.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const FEEDER_NAMES = ['Academy', 'Youth', 'Reserve', 'Legacy', 'Rising', 'Next', 'Juniors', 'Spirit', 'Nation'];

/** The family's other clans, normalised; a tag twice, or the main clan's, is a mistake. */
function familyClans(mainTag: string, mainName: string, family: readonly { tag: string; name?: string }[]) {
  const seen = new Set([mainTag]);
  return family.map((c, k) => {
    const tag = normaliseClanTag(c.tag);
    if (!tag || seen.has(tag)) throw new Error(`Simulator: invalid or repeated family clan tag ${c.tag}`);
    seen.add(tag);
    return { tag, name: c.name ?? `${mainName.replace(/ ⚔$/, '')} ${FEEDER_NAMES[k % FEEDER_NAMES.length]}` };
  });
}

function send(
  res: http.ServerResponse,
  { status, body, maxAge }: SimAnswer,
  extraHeaders: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...(maxAge ? { 'cache-control': `max-age=${maxAge}` } : {}),
    ...extraHeaders,
  });
  res.end(text);
}

function applyFault(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  fault: Exclude<Fault, { kind: 'latency' }>,
): void {
  switch (fault.kind) {
    case 'throttle':
      return send(
        res,
        {
          status: 429,
          body: {
            reason: 'requestThrottled',
            message:
              'Request was throttled, because amount of requests was above the threshold defined for the used API token.',
          },
        },
        fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) },
      );
    case 'maintenance':
      return send(res, { status: 503, body: { reason: 'inMaintenance' } });
    case 'invalidIp':
      return send(res, {
        status: 403,
        body: {
          reason: 'accessDenied.invalidIp',
          message: `Invalid authorization: API key does not allow access from IP ${fault.ip}`,
        },
      });
    case 'accessDenied':
      return send(res, { status: 403, body: { reason: 'accessDenied', message: 'Invalid authorization' } });
    case 'status':
      return send(res, {
        status: fault.status,
        body: { reason: fault.reason, ...(fault.message ? { message: fault.message } : {}) },
      });
    case 'drop':
      req.socket.destroy();
      return;
    case 'malformed': {
      const text = '{"tag":"#2PQ8L0C","name":"Broken ans';
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(text),
      });
      res.end(text);
      return;
    }
  }
}
