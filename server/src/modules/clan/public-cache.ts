import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Clock } from '../../lib/clock.js';
import { readCachedValue, saveCachedValue } from './api-cache.repository.js';

export interface Cached<T> {
  value: T;
  asOf: Date;
  stale: boolean;
}

export interface CacheRequest<T> {
  freshnessMs: number;
  /** validates values read back from the api_cache table */
  schema: z.ZodType<T>;
  load: () => Promise<T>;
}

interface Entry {
  value: unknown;
  fetchedAt: number;
  /** what a fresh hit returns, built once per value (a hit allocates nothing: docs/architecture.md §9) */
  fresh: Cached<unknown>;
}

const entryOf = (value: unknown, fetchedAt: number): Entry => ({
  value,
  fetchedAt,
  fresh: { value, asOf: new Date(fetchedAt), stale: false },
});

/** After a failed refresh, the stale value is served this long before upstream is asked again. */
const RETRY_AFTER_FAILURE_MS = 15_000;

/**
 * Public data cache (docs/architecture.md §5): fresh values straight from memory, one upstream fetch per cold
 * key however many requests wait (single-flight), the last good value with stale:true when
 * upstream fails. Values are also kept in api_cache so a restart still has something to serve.
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<Cached<unknown>>>();
  private readonly failedAt = new Map<string, { at: number; error: unknown }>();
  private readonly checkedDb = new Set<string>();

  constructor(private readonly deps: { clock: Clock; db?: AppContext['db']; log: FastifyBaseLogger }) {}

  /** The value when it is fresh, at once (no promise); otherwise undefined and `get` has the rest of the rules. */
  fresh<T>(key: string, freshnessMs: number): Cached<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const clock = this.deps.clock;
    const now = clock.nowMs ? clock.nowMs() : clock.now().getTime();
    if (now - entry.fetchedAt < freshnessMs) return entry.fresh as Cached<T>;
    return undefined;
  }

  async get<T>(key: string, request: CacheRequest<T>): Promise<Cached<T>> {
    const now = this.deps.clock.now().getTime();
    const entry = this.entries.get(key);
    if (entry && now - entry.fetchedAt < request.freshnessMs) return entry.fresh as Cached<T>;
    const failure = this.failedAt.get(key);
    if (failure && now - failure.at < RETRY_AFTER_FAILURE_MS) {
      if (entry) return { value: entry.value as T, asOf: new Date(entry.fetchedAt), stale: true };
      throw failure.error;
    }
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.refresh(key, request).finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending as Promise<Cached<T>>;
  }

  private async refresh<T>(key: string, request: CacheRequest<T>): Promise<Cached<T>> {
    await this.readPersisted(key, request.schema);
    const entry = this.entries.get(key);
    const now = this.deps.clock.now().getTime();
    if (entry && now - entry.fetchedAt < request.freshnessMs) return entry.fresh as Cached<T>;
    try {
      const value = await request.load();
      const fetchedAt = this.deps.clock.now().getTime();
      this.entries.set(key, entryOf(value, fetchedAt));
      this.failedAt.delete(key);
      await this.persist(key, value, fetchedAt);
      return this.entries.get(key)!.fresh as Cached<T>;
    } catch (error) {
      this.failedAt.set(key, { at: this.deps.clock.now().getTime(), error });
      this.deps.log.warn({ err: error, key, servingStale: entry !== undefined }, 'public data refresh failed');
      if (entry) return { value: entry.value as T, asOf: new Date(entry.fetchedAt), stale: true };
      throw error;
    }
  }

  private async readPersisted<T>(key: string, schema: z.ZodType<T>): Promise<void> {
    const db = this.deps.db;
    if (!db || this.checkedDb.has(key) || this.entries.has(key)) return;
    this.checkedDb.add(key);
    try {
      const row = await readCachedValue(db.kysely, key);
      if (!row) return;
      const parsed = schema.safeParse(JSON.parse(row.value));
      const fetchedAt = Date.parse(row.fetched_at);
      if (parsed.success && !Number.isNaN(fetchedAt)) this.entries.set(key, entryOf(parsed.data, fetchedAt));
    } catch (err) {
      this.deps.log.warn({ err, key }, 'could not read the saved public data');
    }
  }

  private async persist(key: string, value: unknown, fetchedAt: number): Promise<void> {
    const db = this.deps.db;
    if (!db) return;
    try {
      await saveCachedValue(db.kysely, { key, value: JSON.stringify(value), fetchedAt: new Date(fetchedAt) });
    } catch (err) {
      this.deps.log.warn({ err, key }, 'could not save public data');
    }
  }
}
