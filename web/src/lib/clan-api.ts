import { queryOptions } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { FRESHNESS_MS } from '#contracts/freshness';

/**
 * Whose public API the clan page's sections read (docs/decisions/103-demo-family-and-public-site.md): the main clan's
 * `/api/clan…` (the single-clan site, unchanged), or a family clan's `/api/clans/{tag}/…` on its page `/clans/{tag}`.
 */
export interface ClanApi {
  /** `/api/clan` or `/api/clans/{tag without #}` */
  base: string;
  /** the clan's leader: `/api/leader` for the main clan */
  leader: string;
  /** the clan's name on a family clan's page (the site's own name otherwise) */
  name: string | null;
  /** the family page to go back to; null on the single-clan site */
  familyHome: string | null;
}

export const MAIN_CLAN_API: ClanApi = { base: '/api/clan', leader: '/api/leader', name: null, familyHome: null };

/** A family clan's API, by its tag without `#`. */
export function familyClanApi(tag: string, name: string | null): ClanApi {
  const base = `/api/clans/${encodeURIComponent(tag)}`;
  return { base, leader: `${base}/leader`, name, familyHome: '/' };
}

const ClanApiContext = createContext<ClanApi>(MAIN_CLAN_API);
export const ClanApiProvider = ClanApiContext.Provider;
export const useClanApi = (): ClanApi => useContext(ClanApiContext);

type ClanEndpoint = Extract<keyof typeof FRESHNESS_MS, '/api/clan' | `/api/clan/${string}`>;

/** One endpoint of the clan's API: the key is its URL (the query client's fetcher), with the endpoint's freshness. */
export function clanEndpointQuery<T>(api: ClanApi, endpoint: ClanEndpoint) {
  return queryOptions<T>({
    queryKey: [api.base + endpoint.slice('/api/clan'.length)],
    staleTime: FRESHNESS_MS[endpoint],
  });
}
