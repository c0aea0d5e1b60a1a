export { displayName, stripMarkup } from '#contracts/player-name';

/** The RoyaleAPI public profile of a player, e.g. `#9YRJ0G` → https://royaleapi.com/player/9YRJ0G */
export function playerProfileUrl(tag: string): string {
  return `https://royaleapi.com/player/${encodeURIComponent(tag.replace(/^#/, '').toUpperCase())}`;
}

/** The member's page on this site, e.g. `#9YRJ0G` → /members/9YRJ0G */
export function memberPagePath(tag: string): string {
  return `/members/${encodeURIComponent(tag.replace(/^#/, '').toUpperCase())}`;
}
