import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderClanHead, renderFamilyMark, type ClanHead } from '../config/clan-page-head.js';
import type { Config } from '../config/env.js';
import { renderHead } from '../config/page-head.js';
import { chunkFiles } from './web-manifest.js';

/** The family page's and a clan page's modules (their chunks are preloaded with their HTML). */
const FAMILY_HOME_SOURCE = 'src/app/family-home.tsx';
const CLAN_PAGE_SOURCE = 'src/app/clan-page.tsx';

export interface FamilyPages {
  /** active clans now (the directory in memory, reloaded on each scheduler tick and after an edit) */
  familySize(): number;
  /** the head of /clans/{tag}; null (a malformed tag, or a clan outside the family) answers the 404 page */
  clanHead(tag: string): ClanHead | null;
}

type Send = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

const sendHtml = (request: FastifyRequest, reply: FastifyReply, page: { html: string; gzip: Buffer }) => {
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(page.gzip);
  }
  return reply.send(page.html);
};

/**
 * `/` and `/clans/{tag}` of the public family site (docs/decisions/103-demo-family-and-public-site.md). With one
 * active clan `/` is the single-clan page, byte for byte (`single`); with more, the same app with the family mark in
 * its head, built once. A clan's page is the app with that clan's head.
 */
export function registerFamilyPages(
  app: FastifyInstance,
  config: Config,
  webDir: string,
  template: string,
  pages: FamilyPages,
  single: Send,
  notFound: Send,
): void {
  const has = (f: string) => template.includes(f);
  const familyModules = chunkFiles(webDir, FAMILY_HOME_SOURCE).filter((f) => !has(f));
  const clanModules = chunkFiles(webDir, CLAN_PAGE_SOURCE).filter((f) => !has(f));
  let family: { html: string; gzip: Buffer } | undefined;
  const familyPage = () => {
    if (family) return family;
    const html = template.replace('<!--app-head-->', `${renderHead(config)}\n    ${renderFamilyMark(familyModules)}`);
    family = { html, gzip: zlib.gzipSync(html) };
    return family;
  };

  app.get('/', (request, reply) =>
    pages.familySize() > 1 ? sendHtml(request, reply, familyPage()) : single(request, reply),
  );

  app.get<{ Params: { tag: string } }>('/clans/:tag', (request, reply) => {
    const head = pages.clanHead(request.params.tag);
    if (!head) return notFound(request, reply);
    const html = template.replace('<!--app-head-->', renderClanHead(config, head, clanModules));
    return sendHtml(request, reply, { html, gzip: zlib.gzipSync(html) });
  });
}
