import { createContext, useContext } from 'react';

/**
 * The clan an admin tab shows (docs/decisions/104-per-clan-webhooks.md): chosen with the clan picker at the top of the
 * tab when the family has more than one active clan. Null with one clan: calls then carry no `?clan=` at all.
 */
export const ClanScopeContext = createContext<string | null>(null);

export const useClanScope = (): string | null => useContext(ClanScopeContext);

/** The URL with `clan=` added when a clan is chosen. */
export function withClan(url: string, clan: string | null): string {
  if (!clan) return url;
  return `${url}${url.includes('?') ? '&' : '?'}clan=${encodeURIComponent(clan)}`;
}

/** `withClan` for the tab's chosen clan. */
export function useClanUrl(): (url: string) => string {
  const clan = useClanScope();
  return (url) => withClan(url, clan);
}
