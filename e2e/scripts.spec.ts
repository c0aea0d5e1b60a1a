import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/fixtures';
import { shot } from './support/screenshots';
import { logIn } from './support/admin';

test.describe.configure({ mode: 'serial' });
// These specs run scripts by hand and read the history from its first row: start without the demo's past.
test.use({ serverEnv: { DEMO_HISTORY: '0' } });

test.describe('script management', () => {
  test('runs a script, shows its history row expanding, and changes its schedule', async ({ page }) => {
    await logIn(page);
    await expect(page.getByRole('heading', { name: 'Inactive player detection' })).toBeVisible();
    await expect(page.getByTestId('schedule-description')).toHaveText('Runs at 05:55 AM');

    await page
      .getByRole('navigation', { name: 'Scripts' })
      .getByRole('button', { name: /River race log/ })
      .click();
    await expect(
      page.getByRole('navigation', { name: 'Scripts' }).getByRole('button', { name: /River race log/ }),
    ).toHaveAttribute('aria-pressed', 'true');
    const nextRuns = page.getByRole('table').filter({ hasText: 'New York' });
    await expect(nextRuns.getByRole('row')).toHaveCount(4);
    await expect(nextRuns).toContainText('10:00 AM');

    const history = page.getByTestId('history-row');
    await expect(page.getByText('No runs yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Run River race log' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'members stored for the newest week' })).toBeVisible();
    await expect(history).toHaveCount(1);
    const row = history.first().getByRole('button');
    await expect(row).toContainText('completed');
    await expect(row).toHaveAttribute('aria-expanded', 'false');
    await row.click();
    await expect(row).toHaveAttribute('aria-expanded', 'true');
    await expect(history.first().getByRole('heading', { name: 'Outputs' })).toBeVisible();
    await expect(history.first()).toContainText('Trigger');
    await expect(history.first()).toContainText('manual');
    await shot(page, 'scripts-history');
    await row.click();
    await expect(history.first().getByRole('heading', { name: 'Outputs' })).toBeHidden();

    const cron = page.getByLabel(/Cron expression/);
    await cron.fill('* * * * *');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByRole('alert')).toContainText('runs more often than every 5 minutes');
    await cron.fill('30 9 * * 2');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    // exactly the spec's text; the schedule in words sits beside the editor
    await expect(page.getByRole('status').filter({ hasText: 'schedule updated' })).toHaveText(
      'River race schedule updated successfully',
    );
    await expect(page.getByTestId('schedule-description')).toHaveText('Runs at 09:30 AM, only on Tuesday');
    await expect(nextRuns).toContainText('9:30 AM');

    await page.reload();
    await page
      .getByRole('navigation', { name: 'Scripts' })
      .getByRole('button', { name: /River race log/ })
      .click();
    await expect(page.getByLabel(/Cron expression/)).toHaveValue('30 9 * * 2');
  });

  test('refuses a replay day outside 1–4, opens a database table and the Discord outbox', async ({ page }) => {
    await logIn(page);
    await page.getByLabel('Battle day (1–4)').fill('5');
    await page.getByRole('button', { name: 'Replay' }).click();
    await expect(page.getByText('Choose a battle day from 1 to 4.')).toBeVisible();
    await page.getByLabel('Battle day (1–4)').fill('2');
    await page.getByRole('button', { name: 'Replay' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Players notified' })).toBeVisible();

    await page.getByRole('button', { name: 'Run Inactive player detection' }).click();
    await expect(page.getByTestId('history-row')).toHaveCount(2);

    await page.getByRole('button', { name: 'war_state_cache', exact: true }).click();
    await expect(page.getByText(/^Showing \d+ of \d+ records/)).toBeVisible();
    await page.getByRole('button', { name: 'clan_members', exact: true }).click();
    await expect(page.getByRole('button', { name: 'clan_members', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByText(/^Showing \d+ of \d+ records/)).toBeVisible();

    await expect(page.getByText('Demo (simulated clan)')).toBeVisible();
    await expect(page.getByText('Outbox (no webhook)')).toBeVisible();
    // the demo's own calls to the simulator count against the default budget
    await expect(page.getByTestId('upstream-usage')).toHaveText(
      /^Clash Royale API: [\d,]+ calls? in the last hour \(budget 300 a minute\)$/,
    );
    await page.getByRole('button', { name: 'View Discord messages' }).click();
    await expect(page.locator('#discord-outbox')).toBeVisible();
    await shot(page, 'scripts-records');
  });

  test('with one clan, the Scripts and Reminders tabs have a level-2 heading and no accessibility violations', async ({
    page,
  }) => {
    const axe = () =>
      new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    await logIn(page);
    await expect(page.getByRole('heading', { name: 'Inactive player detection' })).toBeVisible();
    // no clan picker with one clan: its heading does not stand between the page's and the cards'
    await expect(page.getByRole('navigation', { name: 'Clan shown in Scripts' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Script Management' })).toHaveCount(1);
    expect((await axe()).violations).toEqual([]);

    await page.getByRole('tab', { name: 'Reminders' }).click();
    await expect(page.getByRole('heading', { name: 'Reminder times' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Reminders' })).toHaveCount(1);
    expect((await axe()).violations).toEqual([]);
  });
});
