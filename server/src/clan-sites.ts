import type { AppContext } from './app-context.js';
import { ClanService } from './modules/clan/clan.service.js';
import type { PublicCache } from './modules/clan/public-cache.js';
import { createWarInsightsService, type WarInsightsService } from './modules/war/insights/war-insights.service.js';
import { createWarRecordsService, type WarRecordsService } from './modules/war/war-records.service.js';
import {
  createRaceProjectionService,
  type RaceProjectionService,
} from './modules/war/projection/race-projection.service.js';

/** What the public pages of one clan are served from (docs/decisions/103-demo-family-and-public-site.md). */
export interface ClanSite {
  clan: ClanService;
  records: WarRecordsService;
  insights: Pick<WarInsightsService, 'lastWar' | 'publicRules'>;
  projection: RaceProjectionService;
}

/** The race projection of one clan's public site: polled through the client's `page` view, like its public answers. */
export function clanProjection(ctx: AppContext, cache: PublicCache, clanTag: string): RaceProjectionService {
  return createRaceProjectionService({
    ctx,
    cache,
    cacheKey: clanCacheKey(ctx.cr.demo, clanTag),
    clanTag,
    demo: ctx.cr.demo,
    source: ctx.cr.client.forClan(clanTag, 'page'),
  });
}

/** The public cache key's prefix for one clan's answers: `<demo|live>:<clan tag>` (docs/architecture.md §5). */
export const clanCacheKey = (demo: boolean, clanTag: string) => `${demo ? 'demo' : 'live'}:${clanTag}`;

/**
 * One `ClanSite` per clan of the family, built on first use and kept (docs/decisions/100-clan-family-data-model.md):
 * every clan's services share the one PublicCache, whose keys name the clan. The main clan's site is the one
 * `/api/clan…` is served from, so `/api/clans/{main}/…` answers with the same bodies.
 */
export function createClanSites(
  ctx: AppContext,
  cache: PublicCache,
  main: ClanSite,
  viewTable: Parameters<typeof createWarInsightsService>[0]['viewTable'],
) {
  const sites = new Map<string, ClanSite>();
  return {
    /** The public services of a clan (a normalised tag; the caller checks it is in the family). */
    of(clanTag: string): ClanSite {
      if (clanTag === ctx.clans.main.tag) return main;
      let site = sites.get(clanTag);
      if (!site) {
        site = {
          // Public refreshes take `page` tokens: never the last quarter of the request budget (decisions/101).
          clan: new ClanService({
            client: ctx.cr.client.forClan(clanTag, 'page'),
            cache,
            clanTag,
            demo: ctx.cr.demo,
            ipEchoUrl: ctx.config.CR_IP_ECHO_URL,
          }),
          records: createWarRecordsService(ctx, clanTag),
          insights: createWarInsightsService({
            ctx,
            cache,
            cacheKey: clanCacheKey(ctx.cr.demo, clanTag),
            clanTag,
            demo: ctx.cr.demo,
            viewTable,
          }),
          projection: clanProjection(ctx, cache, clanTag),
        };
        sites.set(clanTag, site);
      }
      return site;
    },
  };
}

export type ClanSites = ReturnType<typeof createClanSites>;
