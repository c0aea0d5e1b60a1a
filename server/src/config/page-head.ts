import type { Config } from './env.js';
import { siteContent } from './site-content.js';

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Meta written into the served HTML (crawlers do not run JavaScript; docs/product.md §2 item 1). */
export function renderHead(config: Config): string {
  const { meta } = siteContent;
  const url = `${config.PUBLIC_URL}/`;
  const image = `${config.PUBLIC_URL}${meta.imagePath}`;
  const discord = config.DISCORD_INVITE_URL ?? siteContent.discord.inviteUrl;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: siteContent.clanName,
    url,
    logo: image,
    description: meta.description,
    sameAs: [discord],
  };
  // JSON-LD inside <script>: escape '<' so a value can never close the tag.
  const ld = JSON.stringify(jsonLd).replace(/</g, '\\u003c');
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    // Read by the web app so the Join Discord links follow DISCORD_INVITE_URL.
    `<meta name="discord-invite" content="${escapeHtml(discord)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(siteContent.clanName)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    `<script type="application/ld+json">${ld}</script>`,
  ].join('\n    ');
}
