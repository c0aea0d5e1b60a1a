import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { SHOTS_DIR } from './support/screenshots';
import { startBuiltServer } from '../tools/server-process.js';

/**
 * The public family site (docs/decisions/103-demo-family-and-public-site.md) against the demo family of three
 * (DEMO_FAMILY=1): the family page, a clan's page fed by /api/clans/{tag}/…, and `/` unchanged with one clan.
 */
const axe = (page: Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);

/** A full-page screenshot at the viewport's width, named after it. */
async function shotAt(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

const group = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');
const json = async (request: APIRequestContext, url: string) => {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return res.json();
};

test.use({ serverEnv: { DEMO_FAMILY: '1' } });

test.describe('a family of three', () => {
  // axe over a whole clan page takes a while on a phone-sized page
  test.slow();
  test('/ is the family page: one card per clan, each with what its API answers @phone', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('family');
    const cards = page.getByTestId('clan-card');
    await expect(cards).toHaveCount(3);
    const family = await json(request, '/api/clans');
    expect(family.clans).toHaveLength(3);
    for (const [k, entry] of (family.clans as { tag: string }[]).entries()) {
      const segment = entry.tag.slice(1);
      const card = cards.nth(k);
      await expect(card).toHaveAttribute('data-tag', entry.tag);
      // the clan's own answers, not the family list's
      const clan = await json(request, `/api/clans/${segment}`);
      const champions = (await json(request, `/api/clans/${segment}/monthly-champions`)) as {
        playerName: string;
        isCurrentChampion: boolean;
      }[];
      await expect(card.getByRole('link', { name: clan.name })).toHaveAttribute('href', `/clans/${segment}`);
      await expect(card.getByTestId('card-members')).toHaveText(`${group(clan.members)} / 50`);
      await expect(card.getByTestId('card-war-trophies')).toHaveText(group(clan.clanWarTrophies));
      const champion = champions.find((c) => c.isCurrentChampion);
      if (champion) await expect(card.getByTestId('card-champion')).toContainText(champion.playerName);
      else await expect(card.getByTestId('card-champion')).toContainText('No champion yet');
      await expect(card.getByTestId('card-race-rank')).toHaveText(/^(\d+(st|nd|rd|th) of \d+|Training days)$/);
    }
    await expect(cards.first()).toContainText('Main clan');
    await shotAt(page, 'family-page');
    expect((await axe(page).analyze()).violations).toEqual([]);
  });

  test('a card opens the clan’s full page, fed by /api/clans/{tag}/… @phone', async ({ page, request }) => {
    await page.goto('/');
    const card = page.getByTestId('clan-card').nth(1);
    const tag = (await card.getAttribute('data-tag'))!;
    const segment = tag.slice(1);
    const clan = await json(request, `/api/clans/${segment}`);
    await card.getByRole('link', { name: clan.name }).click();
    await expect(page).toHaveURL(new RegExp(`/clans/${segment}$`));
    // its own head, from the server
    await expect(page).toHaveTitle(new RegExp(`^${clan.name} \\(${tag}\\)`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(clan.name);
    const members = (await json(request, `/api/clans/${segment}/members`)) as { members: { name: string }[] };
    await expect(page.getByTestId('member-row')).toHaveCount(members.members.length);
    for (const m of members.members.slice(0, 3)) {
      // the game's colour markup (`<c7>Nova`) is not shown, only the name
      const shown = m.name.replace(/<[^>]*>/g, '').trim();
      await expect(page.getByTestId('member-row').filter({ hasText: shown }).first()).toBeVisible();
    }
    await expect(page.getByTestId('champion').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toContainText(clan.name);
    await page.screenshot({ path: `${SHOTS_DIR}/family-clan-top-${page.viewportSize()!.width}.png` });
    await shotAt(page, 'family-clan-page');
    // below the fold the page is painted when scrolled to (content-visibility): the members as a visitor sees them
    await page.getByTestId('members-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS_DIR}/family-clan-members-${page.viewportSize()!.width}.png` });
    expect((await axe(page).analyze()).violations).toEqual([]);
  });

  test('a clan outside the family is the 404 page', async ({ page }) => {
    const res = await page.goto('/clans/2YYYYYYY');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('one clan', () => {
  test('with DEMO_FAMILY=0, / is still the single clan page, without the family mark', async ({ page, request }) => {
    const server = await startBuiltServer({
      tempPrefix: 'clanops-e2e-',
      env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', DEMO_FAMILY: '0', DEMO_HISTORY: '0' },
    });
    try {
      const html = await (await request.get(`${server.url}/`)).text();
      expect(html).not.toContain('clan-family');
      expect((await json(request, `${server.url}/api/clans`)).clans).toHaveLength(1);
      await page.goto(`${server.url}/`);
      await expect(page.getByTestId('member-row').first()).toBeVisible();
      await expect(page.getByTestId('members-table')).toBeVisible();
      await expect(page.getByTestId('clan-card')).toHaveCount(0);
    } finally {
      // the page may still be loading the app (decision 171: it follows the paint): leave it before its server goes
      await page.goto('about:blank');
      await server.stop();
    }
  });
});
