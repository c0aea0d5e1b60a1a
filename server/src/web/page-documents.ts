import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { PageFacts, PagePainter } from './page-painter.js';
import { deferAppScripts } from './app-boot.js';

/** A page's HTML in the three forms it is sent in, built once. */
export interface PageDocument {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** What one page is: where it is, its head, and the facts its first render depends on. */
export interface PageRequest {
  /** the path rendered (the cache key), or null for a page that is never painted (the admin console's) */
  path: string | null;
  head: string;
  facts: PageFacts;
}

/** A painted page is kept this long before its answers are read again (docs/decisions/170-pages-painted-on-the-server.md). */
export const RECHECK_MS = 5_000;
/** Pages kept (the family's pages, the member pages visited lately); the oldest goes first. */
const MAX_PAGES = 300;

export function encodeHtml(html: string): PageDocument {
  const identity = Buffer.from(html);
  const br = zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
  return { identity, br, gzip: zlib.gzipSync(identity, { level: 9 }) };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A painted page is compressed as tightly as brotli can (quality 11, off the main thread): it is compressed once per
 * painting and sent to every visitor, and a document that fits TCP's first window (about 14 KB with its headers) comes
 * in one round trip on a phone's network instead of two (`/` of one clan: 14.9 KB at quality 9, 13.3 KB at 11).
 */
async function encodePainted(html: string): Promise<PageDocument> {
  const identity = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gz };
}

interface Kept {
  key: string;
  answers: Map<string, string>;
  checkedAt: number;
  doc: PageDocument;
}

const sameAnswers = (a: Map<string, string>, b: Map<string, string>) =>
  a.size === b.size && [...a].every(([url, text]) => b.get(url) === text);

/**
 * The documents of the public pages: painted by the server renderer when the build has one, kept while the answers
 * they were painted from stay the same (read again at most every RECHECK_MS, so a page is painted again once per
 * poll, never per request), and compressed once per painting. Without a renderer, or when painting fails, the page
 * is the app's shell with its head, as before painting existed.
 */
export function pageDocuments(
  template: string,
  painter: PagePainter | null,
  now: () => number,
  log: FastifyBaseLogger,
) {
  // function replacers: a `$` in a member's name is text, never a replacement pattern
  const shell = (head: string, root = '', after = '') =>
    template
      .replace('<!--app-head-->', () => head)
      .replace('<div id="root"></div>', () => `<div id="root">${root}</div>${after}`);
  const kept = new Map<string, Kept>();
  const painting = new Map<string, Promise<PageDocument>>();
  const shells = new Map<string, PageDocument>();

  const unpainted = (head: string) => {
    let doc = shells.get(head);
    if (!doc) {
      doc = encodeHtml(shell(head));
      if (shells.size >= MAX_PAGES) shells.delete(shells.keys().next().value!);
      shells.set(head, doc);
    }
    return doc;
  };

  const paint = async (page: PageRequest & { path: string }, key: string): Promise<PageDocument> => {
    try {
      const { html, state, answers } = await painter!.paint(page.path, page.facts);
      // the data comes with the page: the head's preloads of it (for a page the app renders) would fetch it twice
      const head = page.head.replace(/\s*<link rel="preload" [^>]*as="fetch"[^>]*>/g, '');
      const painted = shell(head, html, `<script type="application/json" id="page-state">${state}</script>`);
      // the page reads without the app: the app loads once the page is on screen
      const doc = await encodePainted(deferAppScripts(painted));
      kept.delete(page.path);
      if (kept.size >= MAX_PAGES) kept.delete(kept.keys().next().value!);
      kept.set(page.path, { key, answers, checkedAt: now(), doc });
      return doc;
    } catch (err) {
      log.warn({ err, path: page.path }, 'The page could not be painted on the server; the app renders it');
      return unpainted(page.head);
    }
  };

  return async function documentFor(page: PageRequest): Promise<PageDocument> {
    if (!painter || page.path === null) return unpainted(page.head);
    const path = page.path;
    const key = `${page.head}\n${JSON.stringify(page.facts)}`;
    const known = kept.get(path);
    if (known && known.key === key) {
      if (now() - known.checkedAt < RECHECK_MS) return known.doc;
      if (sameAnswers(await painter.read(known.answers.keys()), known.answers)) {
        known.checkedAt = now();
        return known.doc;
      }
    }
    let pending = painting.get(path);
    if (!pending) {
      pending = paint({ ...page, path }, key).finally(() => painting.delete(path));
      painting.set(path, pending);
    }
    return pending;
  };
}
