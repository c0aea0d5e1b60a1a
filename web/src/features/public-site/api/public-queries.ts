import { queryOptions } from '@tanstack/react-query';
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

// docs/product.md §7: the key is the URL; the query client's default fetcher and per-URL freshness apply.
export const clanQuery = queryOptions<ClanResponse>({ queryKey: ['/api/clan'] });
export const rankingsQuery = queryOptions<ClanRankingsResponse>({ queryKey: ['/api/clan/rankings'] });
export const leaderQuery = queryOptions<LeaderResponse>({ queryKey: ['/api/leader'] });
export const highestWarWeekQuery = queryOptions<HighestWarWeekResponse>({ queryKey: ['/api/clan/highest-war-week'] });
export const highestWarDayQuery = queryOptions<HighestWarDayResponse>({ queryKey: ['/api/clan/highest-war-day'] });
export const bestFameQuery = queryOptions<BestFameResponse>({ queryKey: ['/api/clan/war/best-fame'] });
export const lastWarQuery = queryOptions<LastWarResponse>({ queryKey: ['/api/clan/war/last-war'] });
/** The clan's current war rules in words (docs/war-insights.md). */
export const warRulesQuery = queryOptions<PublicWarRulesResponse>({ queryKey: ['/api/clan/war/rules'] });
/** Only fetched when the clan or leader fetch fails (docs/product.md §7). */
export const currentIpQuery = queryOptions<CurrentIpResponse>({ queryKey: ['/api/current-ip'] });
