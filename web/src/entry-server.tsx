import { prerenderToNodeStream } from 'react-dom/static';
import type { ReactNode } from 'react';
import type { PageFacts, PageState } from '#web/lib/page-facts';
import { App } from './app/app';
import { createQueryClient } from './lib/query-client';

/** A GET of the public API as the server answers it (the server injects the request into itself). */
export type FetchJson = (url: string) => Promise<{ status: number; body: unknown }>;

export interface PaintedPage {
  /** the inner HTML of `#root` */
  html: string;
  /** the data it was rendered from, embedded in the page for the browser to start from */
  state: PageState;
  /** the API URLs it read, in the order first asked for: the server re-reads them to know when to paint again */
  urls: string[];
}

/** Renders until nothing more is asked for: a query first seen on one pass has its data on the next. */
const MAX_PASSES = 6;

/** The app's HTML once every lazily loaded part has loaded (React's prerender waits for them). */
async function prerenderHtml(app: ReactNode): Promise<string> {
  let failure: unknown = null;
  const { prelude } = await prerenderToNodeStream(app, {
    // every part in place, in order: a part sent apart would need React's inline script, which the CSP forbids
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      failure ??= error;
    },
  });
  // a part that throws would be left to the browser with an inline script, which the CSP forbids: the page is not painted
  if (failure) throw failure;
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude as unknown as AsyncIterable<Uint8Array | string>)
    html += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}

/**
 * Paints a public page on the server (docs/decisions/170-pages-painted-on-the-server.md). Each pass renders the app
 * for `path` (waiting for its lazily loaded parts); the queries it created without data are fetched (`fetchJson`), then
 * it renders again, until a pass asks for nothing new. A query whose answer is
 * not a 200 is left to the browser, which shows that section's loading or error state as it would without painting.
 */
export async function paintPage(
  path: string,
  { notFound, ...facts }: Omit<PageFacts, 'painted' | 'notFoundAt'> & { notFound: boolean },
  fetchJson: FetchJson,
) {
  const pageFacts: PageFacts = { ...facts, painted: true, notFoundAt: notFound ? path : null };
  const client = createQueryClient();
  const asked = new Set<string>();
  const urls: string[] = [];
  let html = '';
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    html = await prerenderHtml(<App client={client} facts={pageFacts} ssrPath={path} />);
    const missing = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.data === undefined && !asked.has(q.queryHash));
    if (missing.length === 0) break;
    await Promise.all(
      missing.map(async (query) => {
        asked.add(query.queryHash);
        const url = String(query.queryKey[0]);
        if (!urls.includes(url)) urls.push(url);
        const answer = await fetchJson(url);
        if (answer.status === 200) client.setQueryData(query.queryKey, answer.body);
      }),
    );
  }
  const queries = client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.data !== undefined)
    .map((q): [unknown[], unknown] => [q.queryKey as unknown[], q.state.data]);
  const page: PaintedPage = { html, state: { year: facts.year, family: facts.family, notFound, queries }, urls };
  return page;
}
