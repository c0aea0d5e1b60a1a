import { seededRandom } from '../lib/seeded-random.js';

/** Endpoints of the simulator, used for fault injection and request counters. */
export type SimRoute =
  | 'clan'
  | 'members'
  | 'currentriverrace'
  | 'riverracelog'
  | 'player'
  | 'locations'
  | 'clanRankings'
  | 'clanWarRankings';

/** Failures the real API shows (docs/clash-royale-api.md §3, §4) plus transport faults. */
export type Fault =
  | { kind: 'throttle'; retryAfterSeconds?: number }
  | { kind: 'maintenance' }
  | { kind: 'invalidIp'; ip: string }
  | { kind: 'accessDenied' }
  | { kind: 'latency'; ms: number }
  | { kind: 'drop' }
  | { kind: 'malformed' }
  | { kind: 'status'; status: number; reason: string; message?: string };

interface Armed {
  fault: Fault;
  /** remaining uses; undefined = until cleared */
  times?: number;
}

/** Random faults on any call: each request fails with `probability`, with one of `faults`. */
export interface FaultRate {
  probability: number;
  faults: Fault[];
  /** seeds the sequence, so a run is repeatable */
  seed?: number;
}

/** Faults per route ('*' = every route), settable and clearable by tests, plus a random rate. */
export class FaultTable {
  private readonly armed = new Map<SimRoute | '*', Armed>();
  private rate: (FaultRate & { next: () => number }) | null = null;
  private windows: { route: SimRoute | '*'; fault: Fault; from: number; to: number }[] = [];

  /** Every request on `route` between `from` and `to` (the simulator's clock) gets `fault`. */
  setBetween(route: SimRoute | '*', fault: Fault, from: Date, to: Date): void {
    this.windows.push({ route, fault, from: from.getTime(), to: to.getTime() });
  }

  /** Every request fails with the given probability from now on (null: never). */
  setRate(rate: FaultRate | null): void {
    this.rate =
      rate && rate.probability > 0 && rate.faults.length > 0 ? { ...rate, next: seededRandom(rate.seed ?? 1) } : null;
  }

  set(route: SimRoute | '*', fault: Fault, options: { times?: number } = {}): void {
    this.armed.set(route, { fault, times: options.times });
  }

  clear(route?: SimRoute | '*'): void {
    if (route === undefined) {
      this.armed.clear();
      this.windows = [];
    } else {
      this.armed.delete(route);
      this.windows = this.windows.filter((w) => w.route !== route);
    }
  }

  /** The fault to apply to one request on `route`, consuming one use. */
  take(route: SimRoute, now = 0): Fault | undefined {
    const timed = this.windows.find((w) => (w.route === route || w.route === '*') && now >= w.from && now < w.to);
    if (timed) return timed.fault;
    const key = this.armed.has(route) ? route : this.armed.has('*') ? '*' : undefined;
    if (key === undefined) return this.random();
    const armed = this.armed.get(key)!;
    if (armed.times !== undefined && --armed.times <= 0) this.armed.delete(key);
    return armed.fault;
  }

  private random(): Fault | undefined {
    const rate = this.rate;
    if (!rate || rate.next() >= rate.probability) return undefined;
    return rate.faults[Math.floor(rate.next() * rate.faults.length)];
  }
}

/** Requests received, per route and per path (single-flight tests and the bench). */
export class RequestCounters {
  private readonly byRoute = new Map<string, number>();
  private readonly byPath = new Map<string, number>();

  record(route: string, path: string): void {
    this.byRoute.set(route, (this.byRoute.get(route) ?? 0) + 1);
    this.byPath.set(path, (this.byPath.get(path) ?? 0) + 1);
  }

  count(route?: SimRoute): number {
    if (route) return this.byRoute.get(route) ?? 0;
    let total = 0;
    for (const n of this.byRoute.values()) total += n;
    return total;
  }

  paths(): Record<string, number> {
    return Object.fromEntries(this.byPath);
  }

  reset(): void {
    this.byRoute.clear();
    this.byPath.clear();
  }
}
