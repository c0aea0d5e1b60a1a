import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderClanHead, renderFamilyMark, type ClanHead } from '../config/clan-page-head.js';
import type { Config } from '../config/env.js';
import { renderHead } from '../config/page-head.js';
import type { PageFacts } from '../web/page-painter.js';
import type { PageRequest } from '../web/page-documents.js';
import { chunkFiles } from './web-manifest.js';

/** The family page's and a clan page's modules (their chunks are preloaded with their HTML). */
const FAMILY_HOME_SOURCE = 'src/app/family-home.tsx';
const CLAN_PAGE_SOURCE = 'src/app/clan-page.tsx';

export interface FamilyPages {
  /** active clans now (the directory in memory, reloaded on each scheduler tick and after an edit) */
  familySize(): number;
  /** the head of /clans/{tag}; null (a malformed tag, or a clan outside the family) answers the 404 page */
  clanHead(tag: string): Promise<ClanHead | null>;
}

export type Send = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

interface PageSender {
  send(request: FastifyRequest, reply: FastifyReply, status: number, page: PageRequest): Promise<FastifyReply>;
  facts(over?: Partial<PageFacts>): PageFacts;
  notFound: Send;
}

/**
 * `/` and `/clans/{tag}` of the public family site (docs/decisions/103-demo-family-and-public-site.md). With one
 * active clan `/` is the single-clan page; with more, the same app with the family mark in its head. A clan's page
 * is the app with that clan's head. Each is painted on the server (docs/decisions/170-pages-painted-on-the-server.md).
 */
export function registerFamilyPages(
  app: FastifyInstance,
  config: Config,
  webDir: string,
  template: string,
  pages: FamilyPages,
  { send, facts, notFound }: PageSender,
): void {
  const has = (f: string) => template.includes(f);
  const familyModules = chunkFiles(webDir, FAMILY_HOME_SOURCE).filter((f) => !has(f));
  const clanModules = chunkFiles(webDir, CLAN_PAGE_SOURCE).filter((f) => !has(f));
  const home = renderHead(config);
  const familyHead = `${home}\n    ${renderFamilyMark(familyModules)}`;

  app.get('/', (request, reply) =>
    pages.familySize() > 1
      ? send(request, reply, 200, { path: '/', head: familyHead, facts: facts() })
      : send(request, reply, 200, { path: '/', head: home, facts: facts() }),
  );

  app.get<{ Params: { tag: string } }>('/clans/:tag', async (request, reply) => {
    const head = await pages.clanHead(request.params.tag);
    if (!head) return notFound(request, reply);
    const path = request.url.split('?')[0]!;
    return send(request, reply, 200, { path, head: renderClanHead(config, head, clanModules), facts: facts() });
  });
}
