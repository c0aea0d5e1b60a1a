import type { Config } from './env.js';
import { escapeHtml } from './page-head.js';
import { siteContent } from './site-content.js';

/** What the head of a member's page says (modules/members builds it from the stored rows). */
export interface MemberHead {
  /** normalised, with `#` */
  tag: string;
  title: string;
  description: string;
}

/**
 * The head of /members/{tag} (docs/product.md §2): its own title, description, canonical link and Open
 * Graph tags, every URL built from PUBLIC_URL, never from the request. Names are arbitrary text: escaped.
 * The page's data is preloaded under the URL the app will ask for (`requestedTag`: the tag as the link wrote
 * it), and its JavaScript chunks (`modules`), so both load beside the app's own JavaScript instead of after it.
 */
export function renderMemberHead(
  config: Config,
  head: MemberHead,
  load: { requestedTag: string; modules: readonly string[] },
): string {
  const url = `${config.PUBLIC_URL}/members/${encodeURIComponent(head.tag.replace(/^#/, ''))}`;
  const image = `${config.PUBLIC_URL}${siteContent.meta.imagePath}`;
  const discord = config.DISCORD_INVITE_URL ?? siteContent.discord.inviteUrl;
  const e = escapeHtml;
  return [
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}">`,
    `<link rel="canonical" href="${e(url)}">`,
    // Read by the web app so the Join Discord links follow DISCORD_INVITE_URL.
    `<meta name="discord-invite" content="${e(discord)}">`,
    `<meta property="og:type" content="profile">`,
    `<meta property="og:site_name" content="${e(siteContent.clanName)}">`,
    `<meta property="og:title" content="${e(head.title)}">`,
    `<meta property="og:description" content="${e(head.description)}">`,
    `<meta property="og:url" content="${e(url)}">`,
    `<meta property="og:image" content="${e(image)}">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${e(head.title)}">`,
    `<meta name="twitter:description" content="${e(head.description)}">`,
    `<meta name="twitter:image" content="${e(image)}">`,
    `<link rel="preload" href="/api/clan/members/${e(encodeURIComponent(load.requestedTag))}/history" as="fetch" crossorigin="use-credentials">`,
    ...load.modules.map((m) => `<link rel="modulepreload" crossorigin href="${e(m)}">`),
  ].join('\n    ');
}
