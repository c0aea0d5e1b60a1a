import { useEffect, useState } from 'react';

/**
 * The `token` of a mailed link, read once; then the address bar (and the history entry) lose it
 * at once with history.replaceState, so it is not left on screen, in history or in a bookmark
 * (SEC-RST-04, docs/security.md).
 */
export function useLinkToken(): string | null {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token'));
  useEffect(() => {
    if (!window.location.search) return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.hash);
  }, []);
  return token;
}
