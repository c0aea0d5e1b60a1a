import { test, expect } from './support/fixtures';
import { mockPublicApi } from './helpers/public-api-mocks';

const SECTION_ORDER = ['home', 'statistics', 'tournaments', 'members', 'discord', 'footer'];

/** Alpha of a computed CSS colour: rgba(…, a), oklab(… / a), color(srgb … / a); opaque otherwise. */
const alphaOf = (color: string) => {
  const m = /(?:\/\s*|,\s*)([\d.]+)\)\s*$/.exec(color);
  return m && !color.startsWith('rgb(') ? Number(m[1]) : 1;
};

test.describe('public page layout', () => {
  test('every section is present in the spec order with its id @phone', async ({ page }) => {
    await mockPublicApi(page);
    await page.goto('/');
    // Sections below the fold render in a transition after the first paint: poll until they are there.
    await expect
      .poll(() => page.locator('section[id], footer[id]').evaluateAll((els) => els.map((e) => e.id)))
      .toEqual(SECTION_ORDER);
    for (const id of SECTION_ORDER) await expect(page.locator(`#${id}`)).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('ClanOps Royale');
    await expect(page.getByTestId('discord-count')).toHaveText('47+');
  });

  test('tournament content comes from the site-content file', async ({ page }) => {
    await mockPublicApi(page);
    await page.goto('/');
    const t = page.locator('#tournaments');
    await expect(t).toContainText('Double elimination');
    await expect(t).toContainText('50');
    await expect(t).toContainText('March 10, 2025');
    await expect(t).toContainText('Status: Ongoing');
    await expect(t.getByText('TBD')).toHaveCount(3);
  });

  test('a demo response shows the Demo data badge', async ({ page }) => {
    await mockPublicApi(page);
    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: 'Demo data' })).toBeVisible();
  });

  test('nav buttons scroll smoothly to their sections and the bar turns opaque after 100 px', async ({ page }) => {
    await mockPublicApi(page);
    await page.goto('/');
    // every section has its answer and lazy chunk (nothing still loading above a target)
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('last-war')).toContainText('Top 5 of the week');
    const header = page.locator('header');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    const before = alphaOf(await header.evaluate((el) => getComputedStyle(el).backgroundColor));

    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, id] of [
      ['Members', 'members'],
      ['Tournaments', 'tournaments'],
      ['Statistics', 'statistics'],
    ] as const) {
      await nav.getByRole('button', { name: label, exact: true }).click();
      // the section lands just under the 64 px fixed bar
      await expect
        .poll(async () => Math.round((await page.locator(`#${id}`).boundingBox())!.y), { timeout: 5000 })
        .toBe(64);
    }
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect
      .poll(async () => alphaOf(await header.evaluate((el) => getComputedStyle(el).backgroundColor)))
      .toBeGreaterThan(before);

    await nav.getByRole('button', { name: 'Home', exact: true }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('Join Discord opens the invite in a new tab without an opener', async ({ page }) => {
    await mockPublicApi(page);
    await page.goto('/');
    const join = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Join Discord' });
    await expect(join).toHaveAttribute('href', /^https:\/\/discord\.gg\//);
    await expect(join).toHaveAttribute('target', '_blank');
    await expect(join).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the toggle opens the menu, a choice scrolls and closes it, Escape closes it', async ({ page }) => {
    await mockPublicApi(page);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Members', exact: true }),
    ).toBeHidden();

    // keyboard: focus the toggle and press Enter
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Join Discord' })).toHaveAttribute('rel', 'noopener noreferrer');

    await page.keyboard.press('Tab');
    await expect(menu.getByRole('button', { name: 'Home' })).toBeFocused();
    await menu.getByRole('button', { name: 'Members' }).press('Enter');
    await expect(menu).toBeHidden();
    await expect
      .poll(async () => Math.round((await page.locator('#members').boundingBox())!.y), { timeout: 5000 })
      .toBe(64);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});

test.describe('404 page', () => {
  test('an unknown path shows the 404 page with a way home @phone', async ({ page }) => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the clan page' }).click();
    await expect(page.locator('#home')).toBeVisible();
  });
});
