import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { engines } from '../helpers/test-db.js';
import { SEED_NOW, seedMemberHistory } from '../helpers/member-page-seed.js';

const PUBLIC_URL = 'https://clan.example';

/** /members/{tag} is served with the app and a head of its own, so a pasted link previews the member. */
describe.each(engines)('the HTML of a member page on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ engine, clock: new ManualClock(SEED_NOW), env: { PUBLIC_URL } });
    await seedMemberHistory(t.db.kysely);
  });
  afterAll(() => t?.close());

  const page = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: path, headers: { host: 'evil.example', ...headers } });

  it('has its own title, description, canonical link and Open Graph tags, from PUBLIC_URL', async () => {
    const res = await page('/members/yq2p8rlc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    const title = 'Bravo (#YQ2P8RLC) · ClanOps Royale';
    // since Oct 20 (New York), four weeks from week 1 on, days full since W2 day 3, three months won
    const description =
      'Bravo: Co-leader of ClanOps Royale since Oct 20, 2026. 4 war weeks tracked, a 2-day full-deck streak, 3 monthly champion titles.';
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta name="description" content="${description}">`);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/members/YQ2P8RLC">`);
    expect(html).toContain(`<meta property="og:title" content="${title}">`);
    expect(html).toContain(`<meta property="og:description" content="${description}">`);
    expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/members/YQ2P8RLC">`);
    expect(html).toContain(`<meta property="og:image" content="${PUBLIC_URL}/og-image.png">`);
    expect(html).toContain('<meta property="og:type" content="profile">');
    // the data loads beside the JavaScript, under the URL the app asks for
    expect(html).toContain(
      '<link rel="preload" href="/api/clan/members/yq2p8rlc/history" as="fetch" crossorigin="use-credentials">',
    );
    expect(html).toContain('<div id="root">');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('evil.example');
  });

  it('escapes a name with markup and HTML in it', async () => {
    const html = (await page('/members/9CUV8RJ')).body;
    const name = 'Bo &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;';
    expect(html).toContain(`<title>${name} (#9CUV8RJ) · ClanOps Royale</title>`);
    expect(html).toContain(
      `<meta property="og:description" content="${name}: Member of ClanOps Royale since Sep 1, 2026. 4 war weeks tracked, 2 monthly champion titles.">`,
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<c2>');
  });

  it('is compressed for a browser that asks: brotli when it takes it, else gzip', async () => {
    const title = '<title>Bravo (#YQ2P8RLC) · ClanOps Royale</title>';
    const res = await page('/members/YQ2P8RLC', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(title);
    const gzip = await page('/members/YQ2P8RLC', { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain(title);
  });

  it.each(['/members/PPPPPP', '/members/not-a-tag!', '/members/'])('answers %s with the 404 page', async (path) => {
    const res = await page(path);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
    expect(res.body).not.toContain('og:type" content="profile"');
  });
});

describe('the chunks of a member page', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    // a built app's manifest: the page's chunk imports a shared chunk and the entry
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-web-'));
    fs.mkdirSync(path.join(webDir, '.vite'));
    fs.writeFileSync(
      path.join(webDir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-A1.js', imports: ['_shared-B2.js'] },
        '_shared-B2.js': { file: 'assets/shared-B2.js' },
        'src/features/member-page/components/member-page.tsx': {
          file: 'assets/member-page-C3.js',
          imports: ['_shared-B2.js', 'index.html'],
        },
        'src/app/admin-routes.tsx': { file: 'assets/admin-routes-D4.js' },
      }),
    );
    t = await buildTestApp({ clock: new ManualClock(SEED_NOW), deps: { webDir } });
    await seedMemberHistory(t.db.kysely);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('preloads the page’s chunk and what it imports, and no other page’s', async () => {
    const html = (await t.app.inject({ url: '/members/YQ2P8RLC' })).body;
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloaded.sort()).toEqual(['/assets/index-A1.js', '/assets/member-page-C3.js', '/assets/shared-B2.js']);
  });
});
