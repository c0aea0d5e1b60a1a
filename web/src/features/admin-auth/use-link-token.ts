import { useEffect, useState } from 'react';

/**
 * The `token` of a mailed link, read once from the fragment (`#token=…`, which browsers never
 * send to a server, so no access log records it); links mailed by the previous release carried
 * it in the query string and are still read (docs/decisions/055-link-tokens-in-the-fragment.md).
 * Then the address bar and the history entry lose it at once with history.replaceState, so it is
 * not left on screen, in history or in a bookmark (SEC-RST-04).
 */
export function readLinkToken(location: { search: string; hash: string }): string | null {
  const fromFragment = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  return fromFragment || new URLSearchParams(location.search).get('token') || null;
}

export function useLinkToken(): string | null {
  const [token] = useState(() => readLinkToken(window.location));
  useEffect(() => {
    if (!window.location.search && !window.location.hash) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  return token;
}
