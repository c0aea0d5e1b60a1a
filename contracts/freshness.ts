// No zod here: the web bundle imports this file, and zod would cost ~40 KB gzip (docs/architecture.md §9).

/** docs/product.md §9 freshness per endpoint, in milliseconds: used by the server cache and the query client. */
export const FRESHNESS_MS = {
  '/api/clan': 2 * 60_000,
  '/api/leader': 5 * 60_000,
  '/api/clan/rankings': 30 * 60_000,
  '/api/clan/war/best-fame': 60 * 60_000,
  '/api/clan/war/last-war': 10 * 60_000,
  '/api/clan/war/rules': 60_000,
  '/api/clan/war/projection': 2 * 60_000,
  '/api/clan/monthly-champions': 60 * 60_000,
  '/api/clan/highest-war-week': 60 * 60_000,
  '/api/clan/highest-war-day': 60 * 60_000,
  '/api/clan/members/{tag}/history': 60 * 60_000,
  '/api/clan/members': 5 * 60_000,
  '/api/current-ip': 30_000,
  '/api/clans': 2 * 60_000,
} as const;
export type PublicEndpoint = keyof typeof FRESHNESS_MS;
