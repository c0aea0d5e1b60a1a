/**
 * The server marks `/` when the family has more than one clan (`<meta name="clan-family">`,
 * docs/decisions/103-demo-family-and-public-site.md): the app knows it before any request, so the single-clan page
 * waits for nothing and loads nothing more.
 */
export function isFamilySite(): boolean {
  return typeof document !== 'undefined' && document.querySelector('meta[name="clan-family"]') !== null;
}
