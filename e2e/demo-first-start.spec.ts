import { expect, test } from './support/fixtures';
import { shot } from './support/screenshots';
import { logIn } from './support/admin';

test.describe.configure({ mode: 'serial' });

/**
 * A new user's first minute: `npm start` on a fresh data folder in demo mode, then the public page
 * and the admin panel. The demo must tell the whole story at once (docs/decisions/019-demo-history.md).
 */
test.describe('the demo on its first start', () => {
  test('the public page shows war records and at least three months of champions', async ({ page, appServer }) => {
    const startedAt = Date.now();
    await page.goto('/');
    const week = page.getByTestId('war-week-card');
    await expect(week).toContainText(/[\d,]+ fame/, { timeout: 10_000 });
    await expect(week).toContainText(/Season \d+ · Week \d/);
    await expect(page.getByTestId('war-day-card')).toContainText(/[\d,]+ medals/);
    await expect(page.getByTestId('best-fame-card')).toContainText(/[\d,]+ fame/);
    const champions = page.getByTestId('champion');
    await expect(champions.first()).toBeVisible();
    const months = new Set(
      (
        await page
          .getByTestId('monthly-champions')
          .getByText(
            /\b(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/,
          )
          .allTextContents()
      ).map((t) => t.trim()),
    );
    expect(months.size).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('champion-label').filter({ hasText: 'Current Champion' })).toHaveCount(1);
    expect(Date.now() - startedAt).toBeLessThan(10_000 + 5_000); // the server was already up (started by the fixture)
    expect(appServer.logs()).toMatch(/recent history was filled/);
    await shot(page, 'demo-public');
  });

  test('the admin panel shows the history of all three scripts, exact reports, tables and Discord messages', async ({
    page,
  }) => {
    await logIn(page);
    const scripts = page.getByRole('navigation', { name: 'Scripts' });
    for (const name of ['Inactive player detection', 'River race log', 'Monthly fame spotlight']) {
      await scripts.getByRole('button', { name: new RegExp(name) }).click();
      await expect(page.getByTestId('history-row').first()).toBeVisible();
    }
    // river race log: completed runs and the one that met maintenance
    await scripts.getByRole('button', { name: /River race log/ }).click();
    await expect(page.getByTestId('history-row').filter({ hasText: 'failed' }).first()).toBeVisible();

    await scripts.getByRole('button', { name: /Inactive player detection/ }).click();
    const newest = page
      .getByTestId('history-row')
      .filter({ hasText: /Battle day [1-4]:/ })
      .first();
    await expect(newest).toContainText('completed');
    await newest.getByRole('button').click();
    await expect(newest.getByRole('heading', { name: 'Outputs' })).toBeVisible();
    await expect(newest).not.toContainText(/uncertain/i);
    await expect(newest).toContainText(/Battle day [1-4]: \d+ inactive/);
    await shot(page, 'demo-admin-history');

    // every script table has records
    for (const [script, tables] of [
      ['Inactive player detection', ['clan_members', 'war_state_cache']],
      ['River race log', ['river_race_data']],
      ['Monthly fame spotlight', ['monthly_spotlight']],
    ] as const) {
      await scripts.getByRole('button', { name: new RegExp(script) }).click();
      for (const table of tables) {
        await page.getByRole('group', { name: 'Tables' }).getByRole('button', { name: table, exact: true }).click();
        await expect(page.getByRole('status').filter({ hasText: /^Showing [1-9]\d* of \d+ records/ })).toBeVisible();
      }
    }
    await page.getByRole('button', { name: 'View Discord messages' }).click();
    await expect(page.locator('#discord-outbox li').first()).toBeVisible();
    await expect(page.locator('#discord-outbox')).toContainText('Inactive players ·');
    await shot(page, 'demo-admin-outbox');
  });
});
