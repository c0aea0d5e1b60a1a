import { queryOptions } from '@tanstack/react-query';
import { FRESHNESS_MS } from '#contracts/freshness';
import type {
  BestFameResponse,
  ClanRankingsResponse,
  ClanResponse,
  CurrentIpResponse,
  HighestWarDayResponse,
  HighestWarWeekResponse,
  LeaderResponse,
} from '#contracts/public';
import type { LastWarResponse, PublicWarRulesResponse } from '#contracts/war-insights';
import type { RaceProjectionResponse } from '#contracts/race-projection';
import { clanEndpointQuery, type ClanApi } from '#web/lib/clan-api';

// docs/product.md §7: the key is the URL; the query client's default fetcher and per-URL freshness apply. Each
// query is the clan's (`api`: the main clan's /api/clan…, or a family clan's /api/clans/{tag}/…).
export const clanQuery = (api: ClanApi) => clanEndpointQuery<ClanResponse>(api, '/api/clan');
export const rankingsQuery = (api: ClanApi) => clanEndpointQuery<ClanRankingsResponse>(api, '/api/clan/rankings');
export const leaderQuery = (api: ClanApi) =>
  queryOptions<LeaderResponse>({ queryKey: [api.leader], staleTime: FRESHNESS_MS['/api/leader'] });
export const highestWarWeekQuery = (api: ClanApi) =>
  clanEndpointQuery<HighestWarWeekResponse>(api, '/api/clan/highest-war-week');
export const highestWarDayQuery = (api: ClanApi) =>
  clanEndpointQuery<HighestWarDayResponse>(api, '/api/clan/highest-war-day');
export const bestFameQuery = (api: ClanApi) => clanEndpointQuery<BestFameResponse>(api, '/api/clan/war/best-fame');
export const lastWarQuery = (api: ClanApi) => clanEndpointQuery<LastWarResponse>(api, '/api/clan/war/last-war');
/** Where this week's race is projected to end (docs/war-tracking.md). */
export const raceProjectionQuery = (api: ClanApi) =>
  clanEndpointQuery<RaceProjectionResponse>(api, '/api/clan/war/projection');
/** The clan's current war rules in words (docs/war-insights.md). */
export const warRulesQuery = (api: ClanApi) => clanEndpointQuery<PublicWarRulesResponse>(api, '/api/clan/war/rules');
/** Only fetched when the clan or leader fetch fails (docs/product.md §7). */
export const currentIpQuery = queryOptions<CurrentIpResponse>({ queryKey: ['/api/current-ip'] });
