import type { z } from 'zod';
import { systemClock, type Clock } from '../../lib/clock.js';
import { Semaphore } from '../../lib/concurrency.js';
import type { RequestBudget, RequestPriority } from '../../lib/request-budget.js';
import type { UpstreamCounters } from '../../lib/upstream-counters.js';
import { ClashRoyaleEndpoints, type Answer } from './endpoints.js';
import { ClashRoyaleApiError } from './errors.js';
import { fetchOnce, type FetchLike } from './fetch-once.js';

export { type LocationId } from './endpoints.js';
export type { RequestPriority } from '../../lib/request-budget.js';

export const OFFICIAL_BASE_URL = 'https://api.clashroyale.com/v1';
export const DEFAULT_USER_AGENT = 'ClanOps/0.1 (+https://github.com/clanops)';

export interface ClashRoyaleClientOptions {
  baseUrl?: string;
  token: string;
  userAgent?: string;
  /** Overall deadline of one call, every attempt and wait included (docs/clash-royale-api.md §3, docs/architecture.md §8). */
  deadlineMs?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  /** Longest Retry-After we honour; a longer one is waited for only this long. */
  retryAfterCapMs?: number;
  /** Requests in flight at once (a small pool, docs/clash-royale-api.md §3). */
  maxConcurrency?: number;
  fetch?: FetchLike;
  /** waits between attempts pass on this clock (the app's) */
  clock?: Pick<Clock, 'sleep'>;
  /** Called with the IP named in a 403 accessDenied.invalidIp answer. */
  onInvalidIp?: (ip: string) => void;
  /** every attempt takes a token first (docs/decisions/101-request-budget.md); none = no limit */
  budget?: RequestBudget;
  /** calls sent and refused, per clan */
  counters?: UpstreamCounters;
  /** the clan a call made on the client itself (not through `forClan`) counts for */
  clanTag?: string;
}

/** Whose call it is: the clan it counts for, and its priority in the request budget. */
export interface CallLabel {
  clanTag: string;
  priority: RequestPriority;
}

/**
 * A lookup asks about what a member typed (a tag that may not exist): its answer says nothing about the API's health,
 * so it never changes the system card's status (docs/decisions/114-discord-lookups-budget.md).
 */
const tellsHealth = (label: CallLabel): boolean => label.priority !== 'lookup';

type Settings = Required<Omit<ClashRoyaleClientOptions, 'onInvalidIp' | 'baseUrl' | 'budget' | 'counters' | 'clanTag'>>;

/**
 * The Clash Royale API client: tags normalised, a request budget, bounded concurrency, retries with backoff,
 * zod-parsed answers. Calls on the client itself are `poll` calls of its own clan; `forClan` labels them otherwise.
 */
export class ClashRoyaleClient extends ClashRoyaleEndpoints {
  readonly baseUrl: string;
  readonly budget: RequestBudget | null;
  readonly counters: UpstreamCounters | null;
  private readonly gate: Semaphore;
  private readonly opts: Settings;
  private readonly onInvalidIp: ClashRoyaleClientOptions['onInvalidIp'];
  private readonly label: CallLabel;
  /** The last IP the API named when refusing our key, with when it was seen. */
  lastInvalidIp: { ip: string; at: Date } | null = null;
  /** Outcome of the last call that reached the API, for the admin system card. */
  lastOutcome: { ok: boolean; at: Date; detail: string | null } | null = null;

  constructor(options: ClashRoyaleClientOptions) {
    super();
    this.baseUrl = (options.baseUrl ?? OFFICIAL_BASE_URL).replace(/\/+$/, '');
    this.opts = {
      token: options.token,
      userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
      deadlineMs: options.deadlineMs ?? 10_000,
      maxAttempts: options.maxAttempts ?? 4,
      backoffBaseMs: options.backoffBaseMs ?? 300,
      retryAfterCapMs: options.retryAfterCapMs ?? 5_000,
      maxConcurrency: options.maxConcurrency ?? 8,
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      clock: options.clock ?? systemClock,
    };
    this.onInvalidIp = options.onInvalidIp;
    this.budget = options.budget ?? null;
    this.counters = options.counters ?? null;
    this.label = { clanTag: options.clanTag ?? '', priority: 'poll' };
    this.gate = new Semaphore(this.opts.maxConcurrency);
  }

  /** The same endpoints, each call counted for `clanTag` and taking its token as `priority`. */
  forClan(clanTag: string, priority: RequestPriority = 'poll'): ClanCalls {
    return new ClanCalls(this, { clanTag, priority });
  }

  protected request<S extends z.ZodType>(path: string, schema: S): Promise<Answer<z.output<S>>> {
    return this.send(path, schema, this.label);
  }

  /** One call with its retries, for `label`: every attempt takes a budget token before the pool. */
  async send<S extends z.ZodType>(path: string, schema: S, label: CallLabel): Promise<Answer<z.output<S>>> {
    const deadline = AbortSignal.timeout(this.opts.deadlineMs);
    const budgetDeadline = this.budget?.deadlineIn(this.opts.deadlineMs);
    const started = Date.now();
    let previous: ClashRoyaleApiError | null = null;
    for (let attempt = 1; ; attempt++) {
      if (!(await this.takeToken(label, budgetDeadline, deadline))) {
        // the attempt before this one did reach the API: its failure is the last outcome seen
        if (previous) this.failed(previous, label);
        throw new ClashRoyaleApiError({
          status: null,
          endpoint: path,
          reason: 'budget',
          perMinute: this.budget?.perMinute,
        });
      }
      let error: ClashRoyaleApiError;
      try {
        const { body, maxAgeSeconds } = await this.gate.run(() =>
          fetchOnce(this.opts.fetch, this.baseUrl + path, path, this.headers(), deadline),
        );
        const parsed = schema.safeParse(body);
        if (parsed.success) {
          if (tellsHealth(label)) this.lastOutcome = { ok: true, at: new Date(), detail: null };
          return { data: parsed.data, maxAgeSeconds };
        }
        throw new ClashRoyaleApiError({
          status: 200,
          endpoint: path,
          reason: 'badResponse',
          apiMessage: parsed.error.issues[0]?.message,
          cause: parsed.error,
        });
      } catch (err) {
        if (!(err instanceof ClashRoyaleApiError)) throw err;
        error = err;
      }
      previous = error;
      if (error.ip) {
        this.lastInvalidIp = { ip: error.ip, at: new Date() };
        this.onInvalidIp?.(error.ip);
      }
      const wait = this.waitBefore(attempt, error);
      if (wait === null || Date.now() - started + wait >= this.opts.deadlineMs) throw this.failed(error, label);
      await this.opts.clock.sleep(wait, deadline).catch(() => undefined);
      if (deadline.aborted) throw this.failed(error, label);
    }
  }

  /** Counts the attempt and true, or false when the budget has no token for it by the deadline (counted refused). */
  private async takeToken(label: CallLabel, until: Date | undefined, signal: AbortSignal): Promise<boolean> {
    if (this.budget && until && !(await this.budget.take(label.priority, until, signal))) {
      this.counters?.refuse(label.clanTag);
      return false;
    }
    this.counters?.call(label.clanTag);
    return true;
  }

  private failed(error: ClashRoyaleApiError, label: CallLabel): ClashRoyaleApiError {
    if (tellsHealth(label)) this.lastOutcome = { ok: false, at: new Date(), detail: error.userMessage };
    return error;
  }

  /** ms to wait before the next attempt, or null when the error is final. */
  private waitBefore(attempt: number, error: ClashRoyaleApiError): number | null {
    if (!error.transient || attempt >= this.opts.maxAttempts) return null;
    if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, this.opts.retryAfterCapMs);
    const exponential = this.opts.backoffBaseMs * 2 ** (attempt - 1);
    return Math.round(exponential * (0.75 + Math.random() * 0.5));
  }

  private headers(): Record<string, string> {
    return {
      authorization: `Bearer ${this.opts.token}`,
      accept: 'application/json',
      'user-agent': this.opts.userAgent,
    };
  }
}

/**
 * A view of the client for one clan and priority (`client.forClan`): the same methods, each call labelled. It
 * satisfies the public `ClanSource` and the Discord `GameApi` ports.
 */
export class ClanCalls extends ClashRoyaleEndpoints {
  constructor(
    private readonly client: ClashRoyaleClient,
    readonly label: CallLabel,
  ) {
    super();
  }

  get lastInvalidIp(): { ip: string; at: Date } | null {
    return this.client.lastInvalidIp;
  }

  protected request<S extends z.ZodType>(path: string, schema: S): Promise<Answer<z.output<S>>> {
    return this.client.send(path, schema, this.label);
  }
}

export function createClashRoyaleClient(options: ClashRoyaleClientOptions): ClashRoyaleClient {
  return new ClashRoyaleClient(options);
}
