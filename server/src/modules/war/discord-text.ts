/**
 * Player names are arbitrary Unicode with in-game colour markup (`<c2>Name</c>`), and members type absence reasons
 * and options: in Discord every such text must read as plain text, never as a masked link or markup, and never
 * ping anyone (docs/security.md, docs/clash-royale-api.md §10). Webhook posts and command replies alike.
 */
const COLOUR_MARKUP = /<\/?c\d*>/gi;
const MARKDOWN = /[\\*_~`|>[\]()#:<-]/g;
const ZERO_WIDTH_SPACE = '\u200b';

/** Plain name: colour markup removed, whitespace collapsed. */
export function plainName(name: string): string {
  const plain = name.replace(COLOUR_MARKUP, '').replace(/\s+/g, ' ').trim();
  return plain === '' ? '(no name)' : plain;
}

/** A name, reason or typed value safe inside a Discord message: markdown escaped, `@` neutralised so nothing pings. */
export function discordName(name: string): string {
  return plainName(name)
    .replace(MARKDOWN, (c) => `\\${c}`)
    .replace(/@/g, `@${ZERO_WIDTH_SPACE}`);
}

export function formatNumber(n: number): string {
  return n.toLocaleString('en-US');
}
