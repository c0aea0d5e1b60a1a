import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.js';
import { renderMemberHead, type MemberHead } from '../config/member-page-head.js';
import { renderHead } from '../config/page-head.js';
import { registerFamilyPages, type FamilyPages } from './family-pages.js';
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

export async function registerStaticWeb(
  app: FastifyInstance,
  config: Config,
  webDir: string,
  pages: DataPages,
): Promise<void> {
  const indexFile = path.join(webDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const template = hasBuild ? fs.readFileSync(indexFile, 'utf8') : FALLBACK_HTML;
  const html = template.replace('<!--app-head-->', renderHead(config));

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

  // The page is the same for every request: compress it once.
  const encoded = { br: zlib.brotliCompressSync(html), gzip: zlib.gzipSync(html) };
  const sendPage = (status: number) => (request: FastifyRequest, reply: FastifyReply) => {
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(encoded.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(encoded.gzip);
    return reply.send(html);
  };

  for (const route of PAGE_ROUTES) app.get(route, sendPage(200));
  // `/` (the family page when the family has more than one clan) and each clan's page /clans/{tag}
  registerFamilyPages(app, config, webDir, template, pages, sendPage(200), sendPage(404));

  // A member's page: the same app with its own head, so a pasted link previews the member (docs/product.md §2).
  // Its chunks load beside the app's own instead of after them (those the page already loads are left out).
  const memberModules = chunkFiles(webDir, MEMBER_PAGE_SOURCE).filter((f) => !template.includes(f));
  app.get<{ Params: { tag: string } }>('/members/:tag', async (request, reply) => {
    const head = await pages.memberHead(request.params.tag);
    if (!head) return sendPage(404)(request, reply);
    const page = template.replace(
      '<!--app-head-->',
      renderMemberHead(config, head, { requestedTag: request.params.tag, modules: memberModules }),
    );
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
      return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(page));
    return reply.send(page);
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === '/api' || url.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send({ error: `No API route ${request.method} ${url}`, code: 'NOT_FOUND' });
    }
    return sendPage(404)(request, reply);
  });
}

function contentType(file: string): string {
  const ext = path.extname(file);
  return (
    {
      '.svg': 'image/svg+xml',
      '.png': 'image/png',
      '.ico': 'image/x-icon',
      '.txt': 'text/plain; charset=utf-8',
      '.webmanifest': 'application/manifest+json',
      '.xml': 'application/xml',
    }[ext] ?? 'application/octet-stream'
  );
}
