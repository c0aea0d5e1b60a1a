// No zod here: the web bundle imports this file (docs/architecture.md §9).

/**
 * In-game colour markup such as `<c7>Name</c>` or `<color=#ff0>` (docs/clash-royale-api.md §5) is
 * removed; the result is always rendered as text, never as HTML (SEC-IN-02). The web app and the
 * server's page heads read names through these, so a name reads the same everywhere.
 */
const MARKUP = /<\/?(?:c\d*|color(?:=[^>]*)?)>/gi;

export function stripMarkup(name: string): string {
  return name.replace(MARKUP, '').trim();
}

export function displayName(name: string | null | undefined): string {
  const clean = stripMarkup(name ?? '');
  return clean || 'Unknown player';
}

/** The title of a player's page (the served HTML and the browser tab agree): "Bravo (#2PQ8L0C) · Clan". */
export function memberPageTitle(name: string, tag: string, clanName: string): string {
  return `${displayName(name)} (${tag}) · ${clanName}`;
}
