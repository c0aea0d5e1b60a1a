import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { logIn } from './support/admin';

test.describe.configure({ mode: 'serial' });
// These specs run scripts by hand and read the history from its first row: start without the demo's past.
test.use({ serverEnv: { DEMO_HISTORY: '0' } });

async function runAndOpenHistory(page: Page, script: string, expectedOutput: RegExp): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Scripts' })
    .getByRole('button', { name: new RegExp(script) })
    .click();
  await page.getByRole('button', { name: `Run ${script}` }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /stored for the newest week|monthly spotlight|Battle day|No battle day/ }),
  ).toBeVisible({ timeout: 15_000 });
  const row = page.getByTestId('history-row').first();
  await expect(row.getByRole('button')).toContainText('completed');
  await row.getByRole('button').click();
  await expect(row.getByRole('heading', { name: 'Outputs' })).toBeVisible();
  await expect(row).toContainText(expectedOutput);
}

test.describe('the three clan scripts in demo mode', () => {
  test('each run shows a completed history row with its outputs, and the public page shows the stored records', async ({
    page,
  }) => {
    await logIn(page);
    await runAndOpenHistory(page, 'River race log', /Stored Season \d+ · Week \d · /);
    await runAndOpenHistory(page, 'Monthly fame spotlight', /1\. .+ fame/);
    await runAndOpenHistory(page, 'Inactive player detection', /Polled the river race 1 time/);

    await page.goto('/');
    const week = page.getByTestId('war-week-card');
    await expect(week).toContainText(/\d[\d,]* fame/);
    await expect(week).toContainText(/Season \d+ · Week \d · /);
    await expect(page.getByTestId('war-day-card')).toContainText(/\d[\d,]* medals/);
    const champions = page.getByTestId('monthly-champions');
    await expect(champions.getByTestId('champion').first()).toBeVisible();
    await expect(champions).not.toContainText('No monthly champions data available');
    await expect(champions.getByTestId('champion-label').filter({ hasText: 'Current Champion' }).first()).toBeVisible();
  });
});
