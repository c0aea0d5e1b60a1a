import { test, expect } from './support/fixtures';
import { fail, mockPublicApi } from './helpers/public-api-mocks';

const COLUMNS = ['Player', 'Ranked Status', 'Trophies', 'Best', 'Merge Tactics', 'Donations', 'Wins', 'Win %', 'Level'];

// e2e/helpers/public-api-mocks.ts ROSTER, worked out by hand from docs/product.md §9.
const DESC: Record<string, string[]> = {
  'Ranked Status': ['Foxtrot', 'Lantern', 'Bravo', 'charlie', 'Delta', 'Echo'], // league×10000 + polTrophies + trophies
  Trophies: ['Lantern', 'Bravo', 'charlie', 'Foxtrot', 'Delta', 'Echo'],
  Best: ['Foxtrot', 'Lantern', 'Bravo', 'charlie', 'Delta', 'Echo'],
  'Merge Tactics': ['Lantern', 'Delta', 'Bravo', 'Foxtrot', 'Echo', 'charlie'], // charlie has no score
  Donations: ['Lantern', 'Bravo', 'Delta', 'Foxtrot', 'charlie', 'Echo'],
  Wins: ['Lantern', 'Bravo', 'Foxtrot', 'Delta', 'charlie', 'Echo'],
  'Win %': ['Foxtrot', 'charlie', 'Lantern', 'Bravo', 'Delta', 'Echo'], // Echo has no games
  Level: ['Lantern', 'Bravo', 'Foxtrot', 'charlie', 'Delta', 'Echo'],
};
/** Reversed, except that a missing value stays last. */
const ASC: Record<string, string[]> = {
  ...Object.fromEntries(Object.entries(DESC).map(([k, v]) => [k, [...v].reverse()])),
  'Merge Tactics': ['Echo', 'Foxtrot', 'Bravo', 'Delta', 'Lantern', 'charlie'],
  'Win %': ['Delta', 'Bravo', 'Lantern', 'charlie', 'Foxtrot', 'Echo'],
};
const BY_NAME = ['Bravo', 'charlie', 'Delta', 'Echo', 'Foxtrot', 'Lantern'];

test.describe('members table', () => {
  test.beforeEach(async ({ page }) => {
    await mockPublicApi(page);
    await page.goto('/');
    await page.locator('#members').scrollIntoViewIfNeeded();
  });

  const names = (page: import('@playwright/test').Page) =>
    page.getByTestId('member-row').getByTestId('player-name').allInnerTexts();
  // the members table's own headers (the page has other tables, such as this week's race)
  const header = (page: import('@playwright/test').Page, label: string) =>
    page.getByTestId('members-table').getByRole('columnheader', { name: label, exact: true });

  test('has the spec columns and opens sorted by ranked status, highest first @phone', async ({ page }) => {
    await expect(page.getByTestId('members-table').getByRole('columnheader')).toHaveText(COLUMNS);
    await expect(header(page, 'Ranked Status')).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByTestId('members-table').locator('th[aria-sort]')).toHaveCount(1);
    await expect.poll(() => names(page)).toEqual(DESC['Ranked Status']);
  });

  for (const column of Object.keys(DESC)) {
    test(`sorts by ${column}: first click descending, second click reverses`, async ({ page }) => {
      const th = header(page, column);
      if (column === 'Ranked Status') {
        await th.getByRole('button').click();
        await expect(th).toHaveAttribute('aria-sort', 'ascending');
        await expect.poll(() => names(page)).toEqual(ASC[column]);
        return;
      }
      await th.getByRole('button').click();
      await expect(th).toHaveAttribute('aria-sort', 'descending');
      await expect(header(page, 'Ranked Status')).not.toHaveAttribute('aria-sort', /./);
      await expect.poll(() => names(page)).toEqual(DESC[column]);
      await th.getByRole('button').click();
      await expect(th).toHaveAttribute('aria-sort', 'ascending');
      await expect.poll(() => names(page)).toEqual(ASC[column]);
    });
  }

  test('sorts by player name: first click ascending, second click reverses', async ({ page }) => {
    const th = header(page, 'Player');
    await th.getByRole('button').click();
    await expect(th).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => names(page)).toEqual(BY_NAME);
    await th.getByRole('button').click();
    await expect(th).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => names(page)).toEqual([...BY_NAME].reverse());
  });

  test('ranked labels, win rates, roles and member page links', async ({ page }) => {
    const row = (name: string) => page.getByTestId('member-row').filter({ has: page.getByText(name, { exact: true }) });
    const expected: [string, string, string, string][] = [
      ['Foxtrot', 'Unranked', '75.0%', 'member'],
      ['Lantern', 'Ultimate Champion', '66.7%', 'leader'],
      ['Bravo', 'Grand Champion', '50.6%', 'coleader'],
      ['charlie', 'Master I', '70.0%', 'elder'],
      ['Delta', 'Ranked', '40.0%', 'elder'],
      ['Echo', 'Ladder', '—', 'member'],
    ];
    for (const [name, label, winRate, role] of expected) {
      await expect(row(name).getByTestId('ranked-status')).toHaveText(label);
      await expect(row(name).getByTestId('win-rate')).toHaveText(winRate);
      await expect(row(name).locator(`[data-role="${role}"]`)).toBeVisible();
    }
    // markup in names is stripped and never interpreted
    await expect(page.getByText('<c7>', { exact: false })).toHaveCount(0);
    const link = row('Lantern').getByRole('link', { name: 'Lantern' });
    // a name opens the member's page on this site (e2e/member-page.spec.ts follows it)
    await expect(link).toHaveAttribute('href', '/members/9YRJ0G');
    await expect(link).not.toHaveAttribute('target', /./);
  });

  test('four roles have four distinct badge colours', async ({ page }) => {
    const colours = await Promise.all(
      ['leader', 'coleader', 'elder', 'member'].map((role) =>
        page
          .locator(`[data-role="${role}"]`)
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor + getComputedStyle(el).color),
      ),
    );
    expect(new Set(colours).size).toBe(4);
  });
});

test.describe('members on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the table scrolls sideways and keeps the player column visible', async ({ page }) => {
    await mockPublicApi(page);
    await page.goto('/');
    const region = page.getByRole('region', { name: /Clan members, sorted by/ });
    await region.scrollIntoViewIfNeeded();
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await region.evaluate((el) => el.scrollTo({ left: 400 }));
    const first = page.getByTestId('member-row').first().getByTestId('player-name');
    const box = (await first.boundingBox())!;
    const regionBox = (await region.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(regionBox.x);
    expect(box.x).toBeLessThan(regionBox.x + 40);
  });
});

test.describe('members error', () => {
  test('a failing members call shows the error, the note and 4 sample rows @phone', async ({ page }) => {
    await mockPublicApi(page, { '/api/clan/members': fail(503, 'The Clash Royale API is unavailable.') });
    await page.goto('/');
    const section = page.locator('#members');
    await expect(section.getByRole('alert')).toHaveText(
      'Failed to load clan members. Please check if the Clash Royale API token is configured.',
    );
    await expect(section.getByText('API data unavailable - displaying sample data')).toBeVisible();
    await expect(section.getByTestId('member-row')).toHaveCount(4);
    await expect(section.locator('[data-role]')).toHaveCount(4);
  });
});
