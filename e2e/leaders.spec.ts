import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { SHOTS_DIR } from './support/screenshots';
import { logIn } from './support/admin';
import { E2E_ADMIN_PASSWORD } from './support/fixtures';

test.describe.configure({ mode: 'serial' });

const axe = (page: Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);

async function shotAt(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

/**
 * The Leaders tab (docs/leaders-memory.md): the clan log the demo's replayed weeks filled, a member's tenure, notes and
 * strikes, and the watch list; at desktop width and at 390 px, axe clean at each step.
 */
test.describe('Leaders tab', () => {
  test('shows the clan log, keeps a member’s notes and strikes and the watch list @phone', async ({ page }) => {
    // three axe passes on a shared machine
    test.setTimeout(120_000);
    const width = page.viewportSize()!.width;
    await logIn(page);
    await page.getByRole('tab', { name: 'Leaders' }).click();
    const log = page.getByRole('list', { name: 'Clan log entries' });
    await expect(log.getByRole('listitem').first()).toBeVisible();
    await page.getByLabel('Change').selectOption('left');
    await expect(log.getByRole('listitem').first()).toContainText('Left');
    for (const item of await log.getByRole('listitem').all()) await expect(item).toContainText(' left');
    await shotAt(page, 'leaders-log');
    expect((await axe(page).analyze()).violations).toEqual([]);

    await log.getByRole('listitem').first().getByRole('button').click();
    const card = page.getByRole('region', { name: 'Member notes and strikes' });
    await expect(card.getByText(/^In the clan \d+ days? over \d+ stints?/)).toBeVisible();
    const reason = `0/4 on Thursday (${width})`;
    await card.getByLabel('Kind').selectOption('strike');
    await card.getByLabel('Reason').fill(reason);
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('listitem').filter({ hasText: reason })).toContainText(/until \d{4}-\d{2}-\d{2}/);
    await expect(card.getByRole('heading', { name: /Notes and strikes · \d+ active strikes?/ })).toBeVisible();
    await card.getByLabel('Reason').fill('');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('alert')).toContainText('Write the reason');
    await shotAt(page, 'leaders-member');
    expect((await axe(page).analyze()).violations).toEqual([]);

    const watched = width < 640 ? '#9YQC2LR0' : '#Y2RC0LQ8';
    const watch = page.getByRole('region', { name: 'Watch list' });
    await watch.getByLabel('Player tag').fill(watched);
    await watch.getByLabel('Reason').fill('kicked in the spring for abuse');
    await watch.getByRole('button', { name: 'Flag player' }).click();
    const row = watch.getByRole('listitem').filter({ hasText: watched });
    await expect(row).toContainText('kicked in the spring for abuse');
    await shotAt(page, 'leaders-watch');
    expect((await axe(page).analyze()).violations).toEqual([]);
    await row.getByRole('button', { name: `Take ${watched} off the watch list` }).click();
    await expect(row).toHaveCount(0);
  });

  test('sets and removes the clan’s log channel with the password again, never showing the URL back @phone', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await logIn(page);
    await page.getByRole('tab', { name: 'Leaders' }).click();
    const card = page.getByRole('region', { name: 'Log channel' });
    const state = card.getByTestId('log-channel-state');
    await expect(state).toHaveText(/^No log channel is set/);
    await card.getByRole('button', { name: 'Set log channel' }).click();
    await card.getByLabel('Discord webhook URL of the leaders’ channel').fill('https://example.com/hooks/1');
    await card.getByLabel('Current password').fill(E2E_ADMIN_PASSWORD);
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('alert')).toContainText('not a Discord webhook URL');
    const secret = 'leaders-log-token-Zq81';
    await card
      .getByLabel('Discord webhook URL of the leaders’ channel')
      .fill(`https://discord.com/api/webhooks/424242/${secret}`);
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(state).toHaveText(/^A log channel is set/);
    await expect(card.getByRole('form')).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);
    await shotAt(page, 'leaders-log-channel');
    expect((await axe(page).analyze()).violations).toEqual([]);

    await card.getByRole('button', { name: 'Remove log channel' }).click();
    await card.getByLabel('Current password').fill(E2E_ADMIN_PASSWORD);
    await card.getByRole('button', { name: 'Remove log channel' }).click();
    await expect(state).toHaveText(/^No log channel is set/);
  });
});
