import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.js';
import { renderMemberHead, type MemberHead } from '../config/member-page-head.js';
import { renderHead } from '../config/page-head.js';
import { siteContent } from '../config/site-content.js';
import { loadPagePainter, type PageFacts } from '../web/page-painter.js';
import { pageDocuments, type PageRequest } from '../web/page-documents.js';
import { chooseEncoding } from './cached-answer.js';
import { registerFamilyPages, type FamilyPages, type Send } from './family-pages.js';
import { chunkFiles } from './web-manifest.js';

/** The member page's module (its chunk is preloaded with its HTML, docs/decisions/092-member-page-html.md). */
const MEMBER_PAGE_SOURCE = 'src/features/member-page/components/member-page.tsx';

/** Page routes of docs/product.md §2 (`/`: plugins/family-pages.ts); anything else is the app's 404 page with HTTP 404. */
const PAGE_ROUTES = new Set(['/admin', '/admin/reset-password', '/admin/confirm-email', '/forgot-password']);

const FALLBACK_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--></head>
<body><div id="root"></div><noscript>The web app is not built yet: run npm run build.</noscript></body></html>`;

/** Pages whose head depends on stored data. */
export interface DataPages extends FamilyPages {
  /** the head of /members/{tag}; null answers the 404 page */
  memberHead(tag: string): Promise<MemberHead | null>;
}

/** Whether the public pages are painted on the server (the built server does), and the clock their year comes from. */
export interface PaintOptions {
  enabled: boolean;
  now: () => number;
}

export async function registerStaticWeb(
  app: FastifyInstance,
  config: Config,
  webDir: string,
  pages: DataPages,
  paint: PaintOptions,
): Promise<void> {
  const indexFile = path.join(webDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const template = hasBuild ? fs.readFileSync(indexFile, 'utf8') : FALLBACK_HTML;

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: path.join(webDir, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      wildcard: false,
      preCompressed: true,
    });
    for (const file of fs.readdirSync(webDir)) {
      const full = path.join(webDir, file);
      if (file.startsWith('index.html') || /\.(br|gz)$/.test(file) || !fs.statSync(full).isFile()) continue;
      const body = fs.readFileSync(full);
      app.get(`/${file}`, (_req, reply) =>
        reply.type(contentType(file)).header('cache-control', 'public, max-age=3600').send(body),
      );
    }
  }

  const painter = paint.enabled ? await loadPagePainter(app, path.join(webDir, '..', 'ssr')) : null;
  const documentFor = pageDocuments(template, painter, paint.now, app.log);
  const send = async (request: FastifyRequest, reply: FastifyReply, status: number, page: PageRequest) => {
    const doc = await documentFor(page);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(doc[encoding]);
  };
  const invite = config.DISCORD_INVITE_URL ?? siteContent.discord.inviteUrl;
  const facts = (over: Partial<PageFacts> = {}): PageFacts => ({
    family: pages.familySize() > 1,
    discordInvite: invite,
    year: new Date(paint.now()).getUTCFullYear(),
    notFound: false,
    ...over,
  });
  const home = renderHead(config);
  // Any page the app shows as "Page not found" (one painting serves every path: the app knows its own path).
  const notFound: Send = (request, reply) =>
    send(request, reply, 404, { path: '/404', head: home, facts: facts({ notFound: true }) });

  for (const route of PAGE_ROUTES)
    app.get(route, (request, reply) => send(request, reply, 200, { path: null, head: home, facts: facts() }));
  // `/` (the family page when the family has more than one clan) and each clan's page /clans/{tag}
  registerFamilyPages(app, config, webDir, template, pages, { send, facts, notFound });

  // A member's page with its own head, so a pasted link previews the member (docs/product.md §2).
  // Its chunks load beside the app's own instead of after them (those the page already loads are left out).
  const memberModules = chunkFiles(webDir, MEMBER_PAGE_SOURCE).filter((f) => !template.includes(f));
  app.get<{ Params: { tag: string } }>('/members/:tag', async (request, reply) => {
    const head = await pages.memberHead(request.params.tag);
    if (!head) return notFound(request, reply);
    const pageHead = renderMemberHead(config, head, { requestedTag: request.params.tag, modules: memberModules });
    // painted at the path as asked for: the app's query for the page is keyed by the tag as the link wrote it
    const asked = request.url.split('?')[0]!;
    return send(request, reply, 200, { path: asked, head: pageHead, facts: facts() });
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === '/api' || url.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send({ error: `No API route ${request.method} ${url}`, code: 'NOT_FOUND' });
    }
    return notFound(request, reply);
  });
}

function contentType(file: string): string {
  const ext = path.extname(file);
  return (
    {
      '.js': 'text/javascript; charset=utf-8',
      '.svg': 'image/svg+xml',
      '.png': 'image/png',
      '.ico': 'image/x-icon',
      '.txt': 'text/plain; charset=utf-8',
      '.webmanifest': 'application/manifest+json',
      '.xml': 'application/xml',
    }[ext] ?? 'application/octet-stream'
  );
}
