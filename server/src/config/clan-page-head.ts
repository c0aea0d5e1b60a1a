import type { Config } from './env.js';
import { escapeHtml } from './page-head.js';
import { siteContent } from './site-content.js';

/** What the head of a family clan's page says (from the `clans` table). */
export interface ClanHead {
  /** normalised, with `#` */
  tag: string;
  name: string;
}

/**
 * The head of /clans/{tag} (docs/decisions/103-demo-family-and-public-site.md): its own title, description,
 * canonical link and Open Graph tags, every URL built from PUBLIC_URL; the clan's answer and the page's chunks are
 * preloaded so they load beside the app's own JavaScript. Names are arbitrary text: escaped.
 */
export function renderClanHead(config: Config, head: ClanHead, modules: readonly string[]): string {
  const segment = encodeURIComponent(head.tag.replace(/^#/, ''));
  const url = `${config.PUBLIC_URL}/clans/${segment}`;
  const image = `${config.PUBLIC_URL}${siteContent.meta.imagePath}`;
  const discord = config.DISCORD_INVITE_URL ?? siteContent.discord.inviteUrl;
  const title = `${head.name} (${head.tag}) · ${siteContent.clanName} family`;
  const description =
    `${head.name}, a clan of the ${siteContent.clanName} family: rankings, war records, monthly champions ` +
    'and every member with their trophies and war history.';
  const e = escapeHtml;
  return [
    `<title>${e(title)}</title>`,
    `<meta name="description" content="${e(description)}">`,
    `<link rel="canonical" href="${e(url)}">`,
    // Read by the web app so the Join Discord links follow DISCORD_INVITE_URL.
    `<meta name="discord-invite" content="${e(discord)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${e(siteContent.clanName)}">`,
    `<meta property="og:title" content="${e(title)}">`,
    `<meta property="og:description" content="${e(description)}">`,
    `<meta property="og:url" content="${e(url)}">`,
    `<meta property="og:image" content="${e(image)}">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${e(title)}">`,
    `<meta name="twitter:description" content="${e(description)}">`,
    `<meta name="twitter:image" content="${e(image)}">`,
    `<link rel="preload" href="/api/clans/${e(segment)}" as="fetch" crossorigin="use-credentials">`,
    ...modules.map((m) => `<link rel="modulepreload" crossorigin href="${e(m)}">`),
  ].join('\n    ');
}

/**
 * What `/` adds to its head while the family has more than one clan: the mark the web app reads to show the family
 * page (no request before the first paint), its data and its chunks preloaded. One clan: nothing is added.
 */
export function renderFamilyMark(modules: readonly string[]): string {
  return [
    `<meta name="clan-family" content="1">`,
    `<link rel="preload" href="/api/clans" as="fetch" crossorigin="use-credentials">`,
    ...modules.map((m) => `<link rel="modulepreload" crossorigin href="${escapeHtml(m)}">`),
  ].join('\n    ');
}
