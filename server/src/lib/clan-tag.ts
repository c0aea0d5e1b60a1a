/** Characters the game uses in tags (docs/clash-royale-api.md §2). */
const VALID = /^[0289PYLQGRJCUV]{3,15}$/;

/** Trim, uppercase, map letter O to zero, restore the leading '#'. Returns null when invalid. */
export function normaliseClanTag(input: string): string | null {
  const body = input.trim().toUpperCase().replace(/^#+/, '').replace(/O/g, '0');
  return VALID.test(body) ? `#${body}` : null;
}

/** Player tags are written with the same characters and the same rules. */
export const normalisePlayerTag = normaliseClanTag;

/** Path segment for a tag: '#2ABC' -> '%232ABC'. */
export function encodeTag(tag: string): string {
  return encodeURIComponent(tag);
}
