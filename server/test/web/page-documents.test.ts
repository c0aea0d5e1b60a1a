import zlib from 'node:zlib';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { pageDocuments, RECHECK_MS, type PageRequest } from '../../src/web/page-documents.js';
import type { PageFacts, PagePainter } from '../../src/web/page-painter.js';

const TEMPLATE =
  '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div><script src="/a.js"></script></body></html>';
const FACTS: PageFacts = { family: true, discordInvite: 'https://discord.gg/x', year: 2026, notFound: false };
const HEAD = '<title>Clan</title>\n    <link rel="preload" href="/api/clans" as="fetch" crossorigin="use-credentials">';

/**
 * A painter standing in for the web build's renderer: its "API" is a map the test changes, and it counts what it
 * was asked, so the expected calls come from the test's own ledger.
 */
function fakePainter(api: Map<string, string>) {
  const calls = { paints: 0, reads: 0 };
  let fail = false;
  const painter: PagePainter = {
    async paint(path) {
      calls.paints++;
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error('renderer failed');
      const answers = new Map([...api].map(([url, body]) => [url, `200 ${body}`]));
      return { html: `<main>${path}: ${[...api.values()].join(' ')}</main>`, state: '{"queries":[]}', answers };
    },
    async read(urls) {
      calls.reads++;
      return new Map([...urls].map((url) => [url, `200 ${api.get(url)}`]));
    },
  };
  return { painter, calls, failNext: (on: boolean) => (fail = on) };
}

const text = (doc: { identity: Buffer }) => doc.identity.toString('utf8');
const page = (path: string | null, head = HEAD): PageRequest => ({ path, head, facts: FACTS });

describe('page documents', () => {
  it('paints a page once, keeps it while its answers stay the same, paints again when one changes', async () => {
    const api = new Map([['/api/clans', 'Alpha 49']]);
    const { painter, calls } = fakePainter(api);
    let now = 1_000_000;
    const documentFor = pageDocuments(TEMPLATE, painter, () => now, pino({ level: 'silent' }));

    const first = await documentFor(page('/'));
    expect(text(first)).toContain(
      '<div id="root"><main>/: Alpha 49</main></div><script type="application/json" id="page-state">{"queries":[]}</script>',
    );
    // the data comes with the page: no preload of it in the painted head
    expect(text(first)).not.toContain('as="fetch"');
    expect(text(first)).toContain('<title>Clan</title>');
    expect(zlib.gunzipSync(first.gzip).toString()).toBe(text(first));
    expect(zlib.brotliDecompressSync(first.br).toString()).toBe(text(first));

    now += RECHECK_MS - 1;
    expect(await documentFor(page('/'))).toBe(first);
    expect(calls).toEqual({ paints: 1, reads: 0 });

    now += 2; // past the recheck: the answers are read again, the same: the same document
    expect(await documentFor(page('/'))).toBe(first);
    expect(calls).toEqual({ paints: 1, reads: 1 });

    api.set('/api/clans', 'Alpha 50'); // within the recheck nothing is read
    expect(await documentFor(page('/'))).toBe(first);
    now += RECHECK_MS;
    const second = await documentFor(page('/'));
    expect(text(second)).toContain('<main>/: Alpha 50</main>');
    expect(calls).toEqual({ paints: 2, reads: 2 });
  });

  it('paints once for requests that arrive together, and again for another head', async () => {
    const { painter, calls } = fakePainter(new Map([['/api/clan', 'x']]));
    const documentFor = pageDocuments(TEMPLATE, painter, () => 0, pino({ level: 'silent' }));
    const docs = await Promise.all(Array.from({ length: 20 }, () => documentFor(page('/clans/ABC'))));
    expect(new Set(docs).size).toBe(1);
    expect(calls.paints).toBe(1);
    await documentFor(page('/clans/ABC', '<title>Renamed</title>'));
    expect(calls.paints).toBe(2);
  });

  it('serves the app shell when painting fails, and tries again on the next request', async () => {
    const { painter, calls, failNext } = fakePainter(new Map([['/api/clan', 'x']]));
    const logged: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => logged.push(line) });
    const documentFor = pageDocuments(TEMPLATE, painter, () => 0, log);
    failNext(true);
    const shell = text(await documentFor(page('/members/ABC')));
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).toContain('as="fetch"'); // the app renders it: its data is preloaded as before painting
    expect(logged.join('')).toContain('could not be painted');
    failNext(false);
    expect(text(await documentFor(page('/members/ABC')))).toContain('<main>/members/ABC: x</main>');
    expect(calls.paints).toBe(2);
  });

  it('never paints without a renderer or for a page that is not painted, and takes `$` in text literally', async () => {
    const { painter, calls } = fakePainter(new Map([['/api/clan', 'Cash $& $1 $$']]));
    const documentFor = pageDocuments(TEMPLATE, painter, () => 0, pino({ level: 'silent' }));
    expect(text(await documentFor(page(null)))).toContain('<div id="root"></div>');
    expect(calls.paints).toBe(0);
    const plain = pageDocuments(TEMPLATE, null, () => 0, pino({ level: 'silent' }));
    expect(text(await plain(page('/', '<title>$& $1</title>')))).toContain('<title>$& $1</title>');
    expect(text(await documentFor(page('/')))).toContain('<main>/: Cash $& $1 $$</main>');
  });
});
