import type { z } from 'zod';
import { encodeTag, normaliseClanTag } from '../../lib/clan-tag.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { Semaphore } from '../../lib/concurrency.js';
import { ClashRoyaleApiError } from './errors.js';
import { fetchOnce, type FetchLike } from './fetch-once.js';
import {
  clanMembersSchema,
  clanRankingsSchema,
  clanSchema,
  currentRiverRaceSchema,
  locationsSchema,
  playerSchema,
  riverRaceLogSchema,
  type Clan,
  type ClanMembers,
  type ClanRankings,
  type CurrentRiverRace,
  type Locations,
  type Player,
  type RiverRaceLog,
} from './schemas.js';

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
}

export type LocationId = number | 'global';

/** The Clash Royale API client: tags normalised, bounded concurrency, retries with backoff, zod-parsed answers. */
export class ClashRoyaleClient {
  readonly baseUrl: string;
  private readonly gate: Semaphore;
  private readonly opts: Required<Omit<ClashRoyaleClientOptions, 'onInvalidIp' | 'baseUrl'>> &
    Pick<ClashRoyaleClientOptions, 'onInvalidIp'>;
  /** The last IP the API named when refusing our key, with when it was seen. */
  lastInvalidIp: { ip: string; at: Date } | null = null;
  /** Outcome of the last finished call, for the admin system card. */
  lastOutcome: { ok: boolean; at: Date; detail: string | null } | null = null;

  constructor(options: ClashRoyaleClientOptions) {
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
      onInvalidIp: options.onInvalidIp,
    };
    this.gate = new Semaphore(this.opts.maxConcurrency);
  }

  async getClan(clanTag: string): Promise<Clan> {
    return this.get(`/clans/${tagSegment(clanTag)}`, clanSchema);
  }

  async getClanMembers(clanTag: string): Promise<ClanMembers> {
    return this.get(`/clans/${tagSegment(clanTag)}/members`, clanMembersSchema);
  }

  async getCurrentRiverRace(clanTag: string): Promise<CurrentRiverRace> {
    return this.get(`/clans/${tagSegment(clanTag)}/currentriverrace`, currentRiverRaceSchema);
  }

  /** Newest week first; ask for a small `limit` on routine updates (a full log is up to 1.9 MB, §6.4). */
  async getRiverRaceLog(clanTag: string, options: { limit?: number } = {}): Promise<RiverRaceLog> {
    const query = options.limit ? `?limit=${Math.max(1, Math.floor(options.limit))}` : '';
    return this.get(`/clans/${tagSegment(clanTag)}/riverracelog${query}`, riverRaceLogSchema);
  }

  async getPlayer(playerTag: string): Promise<Player> {
    return this.get(`/players/${tagSegment(playerTag)}`, playerSchema);
  }

  /** The profile with the seconds the API will keep serving this same answer (its cache-control max-age). */
  async getPlayerWithAge(playerTag: string): Promise<{ player: Player; maxAgeSeconds: number | null }> {
    const { data, maxAgeSeconds } = await this.request(`/players/${tagSegment(playerTag)}`, playerSchema);
    return { player: data, maxAgeSeconds };
  }

  async getLocations(): Promise<Locations> {
    return this.get('/locations', locationsSchema);
  }

  /** Clans by clan score in a location, or worldwide with 'global'. */
  async getClanRankings(locationId: LocationId, options: { limit?: number } = {}): Promise<ClanRankings> {
    return this.get(
      `/locations/${locationSegment(locationId)}/rankings/clans${limitQuery(options.limit)}`,
      clanRankingsSchema,
    );
  }

  /** Clans by war trophies (clanScore holds war trophies here, §6.6). */
  async getClanWarRankings(locationId: LocationId, options: { limit?: number } = {}): Promise<ClanRankings> {
    return this.get(
      `/locations/${locationSegment(locationId)}/rankings/clanwars${limitQuery(options.limit)}`,
      clanRankingsSchema,
    );
  }

  private async get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    return (await this.request(path, schema)).data;
  }

  private async request<S extends z.ZodType>(
    path: string,
    schema: S,
  ): Promise<{ data: z.output<S>; maxAgeSeconds: number | null }> {
    const deadline = AbortSignal.timeout(this.opts.deadlineMs);
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      let error: ClashRoyaleApiError;
      try {
        const { body, maxAgeSeconds } = await this.gate.run(() =>
          fetchOnce(this.opts.fetch, this.baseUrl + path, path, this.headers(), deadline),
        );
        const parsed = schema.safeParse(body);
        if (parsed.success) {
          this.lastOutcome = { ok: true, at: new Date(), detail: null };
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
      if (error.ip) {
        this.lastInvalidIp = { ip: error.ip, at: new Date() };
        this.opts.onInvalidIp?.(error.ip);
      }
      const wait = this.waitBefore(attempt, error);
      if (wait === null || Date.now() - started + wait >= this.opts.deadlineMs) throw this.failed(error);
      await this.opts.clock.sleep(wait, deadline).catch(() => undefined);
      if (deadline.aborted) throw this.failed(error);
    }
  }

  private failed(error: ClashRoyaleApiError): ClashRoyaleApiError {
    this.lastOutcome = { ok: false, at: new Date(), detail: error.userMessage };
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

function tagSegment(tag: string): string {
  const normalised = normaliseClanTag(tag);
  if (!normalised) {
    throw new ClashRoyaleApiError({
      status: null,
      endpoint: tag,
      reason: 'badRequest',
      apiMessage: `"${tag}" is not a valid tag`,
    });
  }
  return encodeTag(normalised);
}

function locationSegment(id: LocationId): string {
  return id === 'global' ? 'global' : String(Math.floor(id));
}

function limitQuery(limit: number | undefined): string {
  return limit ? `?limit=${Math.max(1, Math.floor(limit))}` : '';
}

export function createClashRoyaleClient(options: ClashRoyaleClientOptions): ClashRoyaleClient {
  return new ClashRoyaleClient(options);
}
