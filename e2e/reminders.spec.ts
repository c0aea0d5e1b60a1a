import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { shot } from './support/screenshots';
import { logIn } from './support/admin';

test.describe.configure({ mode: 'serial' });

async function openReminders(page: Page): Promise<void> {
  await logIn(page);
  await page.getByRole('tab', { name: 'Reminders' }).click();
  await expect(page.getByRole('heading', { name: 'Reminder times' })).toBeVisible();
}

test.describe('war reminders in the admin panel (demo with its three weeks of history)', () => {
  test('shows the predicted reset with its margin and saves the reminder times', async ({ page }) => {
    await openReminders(page);
    const prediction = page.getByTestId('reset-prediction');
    await expect(prediction).toContainText(/Next war reset predicted .+ \(\d\d:\d\d UTC\), ± \d+ min/);
    await expect(prediction).toContainText(/From the \d resets observed/);
    const times = page.getByLabel('Remind this long before the reset (battle days only)');
    await expect(times).toHaveValue('6h, 1h');

    await times.fill('6h, soon');
    await page.getByRole('button', { name: 'Save times' }).click();
    await expect(page.getByRole('alert')).toContainText('“soon” is not a time such as 6h, 1h 30m or 45m');

    await times.fill('5h, 2h 30m');
    await page.getByRole('button', { name: 'Save times' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reminder times updated successfully' })).toBeVisible();
    await expect(times).toHaveValue('5h, 2h 30m');
    // the same card stands in for the cron editor of the war reminders script, with its history
    await page.reload();
    await page.getByRole('tab', { name: 'Script Management' }).click();
    await page
      .getByRole('navigation', { name: 'Scripts' })
      .getByRole('button', { name: /War reminders/ })
      .click();
    await expect(page.getByLabel('Remind this long before the reset (battle days only)')).toHaveValue('5h, 2h 30m');
    await expect(page.getByRole('heading', { name: 'Execution history' })).toBeVisible();
    await shot(page, 'war-reminders-script');
  });

  test('links a player to a Discord user, refusing an ID that is not one', async ({ page }) => {
    await openReminders(page);
    const card = page.getByRole('region', { name: 'Members and Discord links' });
    const first = card.getByRole('listitem').first();
    await expect(first).toBeVisible();
    const name = (await first.locator('p').first().textContent())!;
    const input = first.getByLabel(`Discord user ID of ${name}`);
    await input.fill('12345');
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(first.getByRole('alert')).toContainText('A Discord user ID is 17 to 20 digits');
    await input.fill('123456789012345678');
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(first).toContainText('confirmed');
    await expect(first.getByRole('button', { name: 'Unlink' })).toBeVisible();
    await card.getByLabel('Find a member').fill(name);
    await expect(card.getByRole('listitem')).toHaveCount(1);
    await card.getByLabel('Find a member').fill('');
  });

  test('confirms a link claimed in Discord, approves a requested absence and adds one', async ({ page }) => {
    await openReminders(page);
    const links = page.getByRole('region', { name: 'Members and Discord links' });
    // the demo has links proven in the game (the test above may have overwritten one) and one only claimed
    await expect(links.getByText('verified', { exact: true }).first()).toBeVisible();
    const claimed = links.getByRole('listitem').filter({ hasText: 'claimed' });
    await expect(claimed).toHaveCount(1);
    await claimed.getByRole('button', { name: /^Confirm the Discord link of / }).click();
    await expect(links.getByRole('listitem').filter({ hasText: 'claimed' })).toHaveCount(0);

    const card = page.getByRole('region', { name: 'Excused absences' });
    const waiting = card.getByRole('region', { name: /Waiting for approval/ });
    const approved = card.getByRole('region', { name: /Approved/ });
    await expect(waiting).toContainText('exams');
    // leaders see who asked: the demo's member asked through Discord (the test above relinked their player)
    await expect(waiting).toContainText('asked by Discord user 100000000000000001');
    await expect(approved).toContainText('holiday');
    // reasons stay off the public member pages until the clan chooses otherwise
    const option = card.getByLabel('Show absence reasons on public member pages');
    await expect(option).not.toBeChecked();
    await expect(option).toHaveAccessibleDescription(/On: anyone can read a member’s reasons on their page\. Off/);
    await shot(page, 'reminders-absences');
    const violations = (
      await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    ).violations;
    expect(violations).toEqual([]);

    await waiting.getByRole('button', { name: /^Approve the absence of / }).click();
    await expect(waiting).toContainText('No request is waiting.');
    await expect(approved.getByRole('listitem')).toHaveCount(2);

    await card.getByLabel('Member', { exact: true }).selectOption({ index: 3 });
    await card.getByLabel('First day').fill('2026-12-24');
    await card.getByLabel('Last day').fill('2026-12-20');
    await card.getByRole('button', { name: 'Add absence' }).click();
    await expect(card.getByRole('alert')).toContainText('The last day comes before the first day.');
    await card.getByLabel('Last day').fill('2026-12-27');
    await card.getByLabel('Reason (optional)').fill('family visit');
    await card.getByRole('button', { name: 'Add absence' }).click();
    await expect(card.getByRole('status')).toContainText('is excused from 2026-12-24 to 2026-12-27.');
    await expect(approved).toContainText('family visit');

    // the option, turned on and off again: it is saved for the clan
    await option.check();
    await expect(option).toBeChecked();
    await page.reload();
    await page.getByRole('tab', { name: 'Reminders' }).click();
    const again = page
      .getByRole('region', { name: 'Excused absences' })
      .getByLabel('Show absence reasons on public member pages');
    await expect(again).toBeChecked();
    await again.uncheck();
    await expect(again).not.toBeChecked();
  });

  test('edits the reminder template with a preview, and names an unknown placeholder', async ({ page }) => {
    await openReminders(page);
    const card = page.getByRole('region', { name: 'Message templates' });
    await card.getByRole('button', { name: 'War reminder', exact: true }).click();
    const text = card.getByLabel(/War reminder/);
    await expect(text).toHaveValue(/\*\*War reminder · Battle day \{day\}\*\*/);

    await text.fill('Hey {who}, {count} to go\n{list}');
    await card.getByRole('button', { name: 'Save template' }).click();
    await expect(card.getByRole('alert')).toContainText('Unknown placeholder {who}');

    await text.fill('Battle day {day}: {count} still to play, about {timeLeft} left!\n{list}');
    await card.getByRole('button', { name: 'Preview' }).click();
    const preview = card.getByTestId('template-preview');
    await expect(preview).toContainText(/Battle day \d: \d+ still to play, about .+ left!/);
    await expect(preview).toContainText(/newest war reminder message|Example values/);
    await card.getByRole('button', { name: 'Save template' }).click();
    await expect(card.getByRole('status').filter({ hasText: 'War reminder template saved' })).toBeVisible();
    await shot(page, 'reminders-tab');

    await card.getByRole('button', { name: 'Restore default' }).click();
    await expect(text).toHaveValue(/\*\*War reminder · Battle day \{day\}\*\*/);
  });

  test('shows an alert above the tabs until it is acknowledged', async ({ page, appServer }) => {
    // An interrupted run, as the scheduler records it at start (its raising is covered by the server tests).
    const db = new Database(path.join(appServer.dataDir, 'clanops.sqlite'));
    db.prepare(
      `INSERT INTO alerts (kind, subject, message, script_run_id, created_at, acknowledged_at, mailed_at)
       VALUES ('run-interrupted', 'War reminders: a run was interrupted', ?, NULL, ?, NULL, NULL)`,
    ).run(
      'The run started 2026-11-23 04:07 UTC was cut off: the server stopped during it. Nothing from it was saved.',
      new Date().toISOString(),
    );
    db.close();
    await logIn(page);
    const alerts = page.getByRole('region', { name: 'Alerts' });
    await expect(alerts).toContainText('War reminders: a run was interrupted');
    await expect(page.getByText('1 open')).toBeVisible();
    await shot(page, 'alert-banner');
    await alerts.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(page.getByRole('region', { name: 'Alerts' })).toHaveCount(0);
    await expect(page.getByText('None open')).toBeVisible();
  });
});
