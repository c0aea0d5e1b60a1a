import type { Page } from '@playwright/test';
import type { HistoryResponse } from '#contracts/admin-scripts';
import { mockPublicApi } from './helpers/public-api-mocks';
import { logIn } from './support/admin';
import { expect, test } from './support/fixtures';
import { shot } from './support/smtp';

const FALLBACK = 'This section could not be shown.';

/**
 * A section that throws while rendering is replaced by its fallback card; the rest of the page
 * keeps working. The crashes are provoked with answers the page cannot draw.
 */
test.describe('section error boundaries', () => {
  test('a members answer the table cannot draw leaves the other sections working @phone', async ({ page }) => {
    await mockPublicApi(page, { '/api/clan/members': { members: null } });
    await page.goto('/');

    const members = page.locator('#members');
    await expect(members.getByRole('alert')).toContainText(FALLBACK);
    await expect(members).toContainText('Clan members ran into a problem; the rest of the page still works.');
    await expect(page.getByTestId('section-fallback')).toHaveCount(1);
    await expect(page.getByTestId('rank-cards')).toContainText('#12');
    await expect(page.getByTestId('monthly-champions').getByTestId('champion').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tournaments', exact: false }).first()).toBeVisible();
    await expect(page.locator('#discord')).toBeVisible();
    // shot() takes both widths itself, once is enough
    if (test.info().project.name === 'desktop') await shot(page, 'section-fallback-public');

    // The reload action: with a good answer the section is back.
    await page.unrouteAll();
    await mockPublicApi(page);
    await members.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page.locator('#members').getByTestId('member-row').first()).toBeVisible();
    await expect(page.getByTestId('section-fallback')).toHaveCount(0);
  });

  test('a crashing admin tab leaves the header and the other tab working', async ({ page }) => {
    await logIn(page);
    await crashScriptManagement(page);
    await page.reload();

    await expect(page.getByRole('tabpanel').getByRole('alert')).toContainText(FALLBACK);
    await expect(page.getByRole('tabpanel')).toContainText('Script Management ran into a problem');
    await shot(page, 'section-fallback-admin');
    await page.getByRole('tab', { name: 'Account Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
    await expect(page.getByTestId('section-fallback')).toHaveCount(0);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  });
});

/** A schedule zone the browser cannot format, and one run to format with it. */
async function crashScriptManagement(page: Page): Promise<void> {
  await page.route('**/api/admin/scripts', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), timezone: 'Mars/Olympus_Mons' } });
  });
  const history: HistoryResponse = {
    history: [
      {
        id: 1,
        scriptId: 'inactive-players',
        timestamp: '2026-07-01T10:00:00.000Z',
        finishedAt: '2026-07-01T10:00:02.000Z',
        status: 'completed',
        trigger: 'manual',
        scheduledFor: null,
        message: 'Battle day 2: nobody missed a deck.',
        duration: 2000,
        details: { discordMessage: null, outputs: [], errors: [], dataProcessed: 0 },
      },
    ],
  };
  await page.route('**/api/admin/inactive-players/history*', (route) => route.fulfill({ json: history }));
}
