/**
 * In-game colour markup such as `<c7>Name</c>` or `<color=#ff0>` (docs/clash-royale-api.md §5) is
 * removed; the result is always rendered as text, never as HTML (SEC-IN-02).
 */
const MARKUP = /<\/?(?:c\d*|color(?:=[^>]*)?)>/gi;

export function stripMarkup(name: string): string {
  return name.replace(MARKUP, '').trim();
}

export function displayName(name: string | null | undefined): string {
  const clean = stripMarkup(name ?? '');
  return clean || 'Unknown player';
}

/** The RoyaleAPI public profile of a player, e.g. `#9YRJ0G` → https://royaleapi.com/player/9YRJ0G */
export function playerProfileUrl(tag: string): string {
  return `https://royaleapi.com/player/${encodeURIComponent(tag.replace(/^#/, '').toUpperCase())}`;
}
