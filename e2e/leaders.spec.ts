import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { SHOTS_DIR } from './support/screenshots';
import { logIn } from './support/admin';

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
});
