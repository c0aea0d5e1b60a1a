import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** The renderer the web build leaves in dist/ssr/entry-server.js (web/src/entry-server.tsx). */
export interface PageFacts {
  family: boolean;
  discordInvite: string;
  year: number;
  /** the page is the 404 page, whatever the path would show */
  notFound: boolean;
}
interface PaintedPage {
  html: string;
  state: unknown;
  urls: string[];
}
type PaintPage = (
  path: string,
  facts: PageFacts,
  fetchJson: (url: string) => Promise<{ status: number; body: unknown }>,
) => Promise<PaintedPage>;

/** A page's content and the answers it was painted from (each API URL's body as the server sent it). */
export interface Painting {
  /** the inner HTML of `#root` */
  html: string;
  /** the embedded state, as JSON safe inside a script element */
  state: string;
  answers: Map<string, string>;
}

export interface PagePainter {
  /** paints `pagePath`: the inner HTML of `#root` with its embedded state, and the answers it read */
  paint(pagePath: string, facts: PageFacts): Promise<Painting>;
  /** the answers `urls` have now, as `paint` records them (to know whether a painting is still true) */
  read(urls: Iterable<string>): Promise<Map<string, string>>;
}

/**
 * Loads the server renderer of the public pages if the web build made one (docs/decisions/170-pages-painted-on-the-server.md).
 * Its data comes from the server itself: each API URL the page asks for is injected into the app, so a painted page
 * shows exactly what the cached public API answers, with no second way to compute it.
 */
export async function loadPagePainter(app: FastifyInstance, ssrDir: string): Promise<PagePainter | null> {
  const entry = path.join(ssrDir, 'entry-server.js');
  if (!fs.existsSync(entry)) return null;
  const { paintPage } = (await import(pathToFileURL(entry).href)) as { paintPage: PaintPage };

  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    return { status: res.statusCode, text: res.body };
  };
  const read = async (urls: Iterable<string>) => {
    const list = [...urls];
    const answers = await Promise.all(list.map(get));
    return new Map(list.map((url, i) => [url, `${answers[i]!.status} ${answers[i]!.text}`]));
  };

  return {
    read,
    async paint(pagePath, facts) {
      const answers = new Map<string, string>();
      const painted = await paintPage(pagePath, facts, async (url) => {
        const { status, text } = await get(url);
        answers.set(url, `${status} ${text}`);
        return { status, body: status === 200 ? (JSON.parse(text) as unknown) : null };
      });
      // JSON inside <script>: '<' escaped so a member's name can never close the tag
      const state = JSON.stringify(painted.state).replace(/</g, '\\u003c');
      return { html: painted.html, state, answers };
    },
  };
}
