import { FRESHNESS_MS } from '#contracts/freshness';
import { raceProjectionResponseSchema, type RaceProjectionResponse } from '#contracts/race-projection';
import type { AppContext } from '#server/app-context';
import type { PublicCache } from '#server/modules/clan/public-cache';
import type { LiveRace } from './from-race.js';
import { liveProjection } from './live-projection.js';
import { listScoredProjections } from './race-projections.repository.js';
import { RECORD_WEEKS, trackRecord } from './track-record.js';

/** What the projection reads from the game, through the client's view for the clan (only the fields used here). */
export interface RaceProjectionSource {
  getCurrentRiverRace(clanTag: string): Promise<LiveRace>;
  getClanMembers(clanTag: string): Promise<{ items: { tag: string }[] }>;
}

export interface RaceProjectionDeps {
  ctx: Pick<AppContext, 'db' | 'clock'>;
  cache: PublicCache;
  /** `<demo|live>:<clan tag>` (server/src/clan-sites.ts) */
  cacheKey: string;
  clanTag: string;
  demo: boolean;
  source: RaceProjectionSource;
}

const cachedSchema = raceProjectionResponseSchema.omit({ asOf: true, demo: true, stale: true });

/**
 * The public War card's projection (docs/war-tracking.md "Where the race will end"): the live race polled with the
 * public answers' freshness, projected, beside the record of the projections kept at each day's start.
 */
export function createRaceProjectionService(deps: RaceProjectionDeps) {
  const db = deps.ctx.db.kysely;
  return {
    async current(): Promise<RaceProjectionResponse> {
      const result = await deps.cache.get(`${deps.cacheKey}:/api/clan/war/projection`, {
        freshnessMs: FRESHNESS_MS['/api/clan/war/projection'],
        schema: cachedSchema,
        load: async () => {
          const [race, members, scored] = await Promise.all([
            deps.source.getCurrentRiverRace(deps.clanTag),
            deps.source.getClanMembers(deps.clanTag),
            listScoredProjections(db, deps.clanTag, RECORD_WEEKS),
          ]);
          const roster = members.items.map((m) => m.tag);
          const projection = await liveProjection(db, deps.clanTag, race, roster, deps.ctx.clock.now());
          return { clanTag: deps.clanTag, projection, record: trackRecord(scored) };
        },
      });
      return { ...result.value, asOf: result.asOf.toISOString(), demo: deps.demo, stale: result.stale };
    },
  };
}

export type RaceProjectionService = ReturnType<typeof createRaceProjectionService>;
