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

/** Faults per route ('*' = every route), settable and clearable by tests. */
export class FaultTable {
  private readonly armed = new Map<SimRoute | '*', Armed>();

  set(route: SimRoute | '*', fault: Fault, options: { times?: number } = {}): void {
    this.armed.set(route, { fault, times: options.times });
  }

  clear(route?: SimRoute | '*'): void {
    if (route === undefined) this.armed.clear();
    else this.armed.delete(route);
  }

  /** The fault to apply to one request on `route`, consuming one use. */
  take(route: SimRoute): Fault | undefined {
    const key = this.armed.has(route) ? route : this.armed.has('*') ? '*' : undefined;
    if (key === undefined) return undefined;
    const armed = this.armed.get(key)!;
    if (armed.times !== undefined && --armed.times <= 0) this.armed.delete(key);
    return armed.fault;
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
