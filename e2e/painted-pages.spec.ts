import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { displayName } from '#contracts/player-name';
import { expect, test } from './support/fixtures';
import { SHOTS_DIR } from './support/screenshots';

/**
 * Public pages painted on the server (docs/decisions/170-pages-painted-on-the-server.md), against the demo family of
 * three: the HTML alone (JavaScript off) holds what the API answers, and the app takes it over without a mismatch,
 * a shift or a second fetch. The expected names and numbers are read from the public API, not from the pages.
 */
const axe = (page: Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
const group = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

interface Member {
  playerTag: string;
  name: string;
  trophies: number;
}
interface Pages {
  family: { clans: { tag: string; name: string; members: number | null }[] };
  feeder: { tag: string; name: string; clanScore: number; members: Member[] };
  member: { tag: string; name: string; weeks: unknown[] };
}

async function answers(request: APIRequestContext): Promise<Pages> {
  const get = async (url: string) => {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    return res.json();
  };
  const family = await get('/api/clans');
  const feederTag = family.clans.find((c: { role: string }) => c.role !== 'main').tag.slice(1);
  const clan = await get(`/api/clans/${feederTag}`);
  const { members } = await get(`/api/clans/${feederTag}/members`);
  const main = await get('/api/clan/members');
  const member = await get(`/api/clan/members/${encodeURIComponent(main.members[0].playerTag)}/history`);
  return { family, feeder: { ...clan, members }, member };
}

/**
 * The page's text as a reader without JavaScript gets it: the painted root's (its data script, which follows it, left
 * out; textContent, since the roster sits in a `content-visibility: auto` part that innerText skips while off screen).
 */
async function textWithoutScript(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const response = await page.goto(path);
  const text = (await page.locator('#root').textContent()) ?? '';
  await context.close();
  return { status: response!.status(), text };
}

test.use({ serverEnv: { DEMO_FAMILY: '1' } });

test.describe('pages painted on the server', () => {
  test.slow();

  test('without JavaScript each page shows the clan, its numbers and its members', async ({
    browser,
    request,
    appServer,
  }) => {
    const a = await answers(request);
    const family = await textWithoutScript(browser, appServer.url, '/');
    expect(family.status).toBe(200);
    for (const clan of a.family.clans) {
      expect(family.text).toContain(displayName(clan.name));
      if (clan.members !== null) expect(family.text).toContain(`${clan.members}`);
    }

    const feeder = await textWithoutScript(browser, appServer.url, `/clans/${a.feeder.tag.slice(1)}`);
    expect(feeder.status).toBe(200);
    expect(feeder.text).toContain(a.feeder.name);
    expect(feeder.text).toContain(group(a.feeder.clanScore));
    expect(a.feeder.members.length).toBeGreaterThan(5);
    for (const m of a.feeder.members) expect(feeder.text).toContain(displayName(m.name));

    const member = await textWithoutScript(browser, appServer.url, `/members/${a.member.tag.slice(1)}`);
    expect(member.status).toBe(200);
    expect(member.text).toContain(displayName(a.member.name));
    expect(member.text).toContain(a.member.tag);

    const missing = await textWithoutScript(browser, appServer.url, '/members/ZZZZZZ');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Page not found');
  });

  for (const kind of ['family', 'clan', 'member', 'missing'] as const) {
    test(`the ${kind} page: no hydration warning, no shift, no second fetch, axe clean @phone`, async ({
      page,
      request,
    }) => {
      const a = await answers(request);
      const path = {
        family: '/',
        clan: `/clans/${a.feeder.tag.slice(1)}`,
        member: `/members/${a.member.tag.slice(1)}`,
        missing: '/clans/ZZZZZZ',
      }[kind];
      const warnings: string[] = [];
      page.on('console', (m) => {
        // the 404 page's own status is reported by the browser as a failed resource: it is the answer, not a warning
        if (['warning', 'error'].includes(m.type()) && !m.text().startsWith('Failed to load resource'))
          warnings.push(m.text());
      });
      const apiCalls: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
      });
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: number };
        w.shifts = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!e.hadRecentInput) w.shifts += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      const callsOnLoad = [...apiCalls];
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
      // React took over the painted root (hydrateRoot marks its container), it did not render a page of its own
      const hydrated = await page.evaluate(() => {
        const root = document.getElementById('root')!;
        return Object.keys(root).some((k) => k.startsWith('__reactContainer$')) && root.querySelector('main') !== null;
      });
      expect(hydrated).toBe(true);
      // the page is read before any of the app's code is asked for (docs/decisions/171-app-after-the-paint.md)
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        app: Math.min(
          ...performance
            .getEntriesByType('resource')
            .filter((e) => new URL(e.name).pathname.startsWith('/assets/') && e.name.endsWith('.js'))
            .map((e) => e.startTime),
        ),
      }));
      expect(timing.paint).toBeLessThan(timing.app);
      expect(warnings).toEqual([]);
      expect(callsOnLoad).toEqual([]);
      expect(shifts).toBe(0);
      expect((await axe(page).analyze()).violations).toEqual([]);
      await page.screenshot({ path: `${SHOTS_DIR}/painted-${kind}-${page.viewportSize()!.width}.png`, fullPage: true });
      if (kind === 'missing') {
        // the app answers a click on what the server painted, and knows the path it was painted for
        await page.getByRole('link', { name: 'Back to the clan page' }).click();
        await expect(page.getByRole('heading', { level: 1 })).toContainText('family');
        await page.goBack();
        await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      }
    });
  }
});
