import { isIP } from 'node:net';
import { z } from 'zod';
import {
  clanRankingsResponseSchema,
  clanResponseSchema,
  FRESHNESS_MS,
  leaderResponseSchema,
  memberSchema,
  type PublicEndpoint,
} from '#contracts/public';
import { AppError } from '../../lib/app-error.js';
import { nullUnlessRefused, settledWithinBudget } from './budget-refusal.js';
import type { ClanData, ClanRankingsData, ClanSource } from './clan-source.js';
import { toMember } from './member-profile.js';
import type { Cached, PublicCache } from './public-cache.js';
import { toPublicError } from './upstream-error.js';

const meta = { asOf: true, demo: true, stale: true } as const;
export const clanDataSchema = clanResponseSchema.omit(meta);
export const rankingsDataSchema = clanRankingsResponseSchema.omit(meta);
export const leaderDataSchema = leaderResponseSchema.omit(meta);
export const membersDataSchema = z.object({ members: z.array(memberSchema) });
const currentIpSchema = z.object({ currentIP: z.string().nullable() });

/** Profile calls in flight at once while refreshing the members table (docs/architecture.md §5). */
const PROFILE_CONCURRENCY = 8;

export interface ClanServiceDeps {
  client: ClanSource;
  cache: PublicCache;
  clanTag: string;
  demo: boolean;
  ipEchoUrl?: string;
}

type WithMeta<T> = T & { asOf: string; demo: boolean; stale: boolean };

/** The public clan data of docs/architecture.md §5, each served through the cache with its freshness. */
export class ClanService {
  /** The last response body per endpoint: a cached hit re-sends the same object (no copy per request). */
  private readonly bodies = new Map<PublicEndpoint, { value: unknown; stale: boolean; body: unknown }>();
  /** Cache keys, built once: `<demo|live>:<clan tag>:<endpoint>` (docs/architecture.md §5). */
  private readonly keys = new Map<PublicEndpoint, string>();

  constructor(private readonly deps: ClanServiceDeps) {}

  private keyOf(endpoint: PublicEndpoint): string {
    let key = this.keys.get(endpoint);
    if (key === undefined) {
      key = `${this.deps.demo ? 'demo' : 'live'}:${this.deps.clanTag}:${endpoint}`;
      this.keys.set(endpoint, key);
    }
    return key;
  }

  /**
   * The body of a cached answer. A fresh value is answered at once, without a promise (the cached public API's hot
   * path, docs/architecture.md §9); anything else goes through the cache's refresh rules and is awaited.
   */
  private cached<T>(
    endpoint: PublicEndpoint,
    schema: z.ZodType<T>,
    load: () => Promise<T>,
  ): WithMeta<T> | Promise<WithMeta<T>> {
    const key = this.keyOf(endpoint);
    const freshnessMs = FRESHNESS_MS[endpoint];
    const hit = this.deps.cache.fresh<T>(key, freshnessMs);
    if (hit) return this.bodyOf(endpoint, hit);
    return this.deps.cache.get(key, { freshnessMs, schema, load }).then(
      (result) => this.bodyOf(endpoint, result),
      (err: unknown) => {
        throw toPublicError(err);
      },
    );
  }

  private bodyOf<T>(endpoint: PublicEndpoint, result: Cached<T>): WithMeta<T> {
    const last = this.bodies.get(endpoint);
    if (last && last.value === result.value && last.stale === result.stale) return last.body as WithMeta<T>;
    const body = { ...result.value, asOf: result.asOf.toISOString(), demo: this.deps.demo, stale: result.stale };
    this.bodies.set(endpoint, { value: result.value, stale: result.stale, body });
    return body;
  }

  clan() {
    return this.cached('/api/clan', clanDataSchema, async () => {
      const c = await this.deps.client.getClan(this.deps.clanTag);
      return {
        tag: c.tag,
        name: c.name,
        description: c.description,
        type: c.type,
        requiredTrophies: c.requiredTrophies,
        locationName: c.location?.name ?? null,
        clanScore: c.clanScore,
        members: c.members,
        clanWarTrophies: c.clanWarTrophies,
        donationsPerWeek: c.donationsPerWeek,
      };
    });
  }

  rankings() {
    return this.cached('/api/clan/rankings', rankingsDataSchema, async () => {
      const clan = await this.deps.client.getClan(this.deps.clanTag);
      const local = clan.location?.id;
      const none: ClanRankingsData = { items: [] };
      const [localScore, globalScore, localWar, globalWar] = await Promise.all([
        local === undefined ? none : this.deps.client.getClanRankings(local),
        this.deps.client.getClanRankings('global'),
        local === undefined ? none : this.deps.client.getClanWarRankings(local),
        this.deps.client.getClanWarRankings('global'),
      ]);
      return {
        localRank: rankOf(clan, localScore),
        localTrophyRank: rankOf(clan, localWar),
        globalRank: rankOf(clan, globalScore),
        globalTrophyRank: rankOf(clan, globalWar),
        locationName: clan.location?.name ?? null,
      };
    });
  }

  leader() {
    return this.cached('/api/leader', leaderDataSchema, async () => {
      const clan = await this.deps.client.getClan(this.deps.clanTag);
      const leader = clan.memberList.find((m) => m.role.toLowerCase() === 'leader');
      if (!leader) throw new AppError(502, 'NO_LEADER', 'The clan has no leader listed in Clash Royale right now.');
      const profile = await this.deps.client.getPlayer(leader.tag).catch(nullUnlessRefused);
      return {
        name: leader.name,
        tag: leader.tag,
        expLevel: profile?.expLevel ?? null,
        trophies: profile?.trophies ?? leader.trophies,
        bestTrophies: profile?.bestTrophies ?? null,
        polLeagueNumber: profile?.currentPathOfLegendSeasonResult?.leagueNumber ?? null,
      };
    });
  }

  /** One clan call plus at most one profile call per member; a failed profile leaves nulls, a budget refusal fails. */
  members() {
    return this.cached('/api/clan/members', membersDataSchema, async () => {
      const clan = await this.deps.client.getClan(this.deps.clanTag);
      const profiles = await settledWithinBudget(clan.memberList, PROFILE_CONCURRENCY, (m) =>
        this.deps.client.getPlayer(m.tag),
      );
      return { members: clan.memberList.map((m, i) => toMember(m, profiles[i] ?? null)) };
    });
  }

  /** The IP the API sees: from a 403 invalidIp message when one came, else an IP echo service. */
  async currentIp(): Promise<{ currentIP: string | null }> {
    const seen = this.deps.client.lastInvalidIp?.ip;
    if (seen) return { currentIP: seen };
    const url = this.deps.ipEchoUrl;
    if (!url) return { currentIP: null };
    const result = await this.deps.cache
      .get(`current-ip:${url}`, {
        freshnessMs: FRESHNESS_MS['/api/current-ip'],
        schema: currentIpSchema,
        load: () => echoIp(url),
      })
      .catch(() => ({ value: { currentIP: null } }));
    return result.value;
  }
}

function rankOf(clan: ClanData, list: ClanRankingsData): number | null {
  return list.items.find((i) => i.tag === clan.tag)?.rank ?? null;
}

/** Accepts a plain-text IP (api.ipify.org) or JSON with an `ip` field. */
async function echoIp(url: string): Promise<{ currentIP: string | null }> {
  const response = await fetch(url, {
    redirect: 'error',
    signal: AbortSignal.timeout(5000),
    headers: { accept: 'text/plain, application/json' },
  });
  if (!response.ok) throw new Error(`IP echo answered ${response.status}`);
  const text = (await response.text()).trim();
  let candidate = text;
  if (text.startsWith('{')) {
    const parsed = z.object({ ip: z.string() }).safeParse(JSON.parse(text));
    candidate = parsed.success ? parsed.data.ip : '';
  }
  return { currentIP: isIP(candidate) ? candidate : null };
}
