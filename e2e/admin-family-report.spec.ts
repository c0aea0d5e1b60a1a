import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD as ADMIN_PASSWORD, expect, test } from './support/fixtures';
import { SHOTS_DIR } from './support/screenshots';
import { logIn } from './support/admin';
import { displayName } from '../web/src/lib/player-name';

/**
 * The admin console for a family (docs/decisions/104-per-clan-webhooks.md) on the demo family of three (DEMO_FAMILY=1):
 * the clan picker switching the War report's clan, the family War report with its two lists, and a Discord webhook
 * set on a feeder clan; at 1280 and 390 px, axe clean.
 */
test.use({ serverEnv: { DEMO_FAMILY: '1' } });
test.describe.configure({ mode: 'serial' });

const axe = (page: Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);

/** A full-page screenshot at the viewport's width, named after it. */
async function shotAt(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

const picker = (page: Page, tab: string) => page.getByRole('navigation', { name: `Clan shown in ${tab}` });

interface Member {
  tag: string;
  name: string;
}

test.describe('admin for a family of three', () => {
  test.slow();

  test('the clan picker switches the War report to another clan’s members @phone', async ({ page }) => {
    await logIn(page);
    const mainAnswer = page.waitForResponse((r) => r.url().includes('/api/admin/war-report/members?clan='));
    await page.getByRole('tab', { name: 'War report' }).click();
    const choose = picker(page, 'War report');
    const buttons = choose.getByRole('button');
    await expect(buttons).toHaveCount(4); // three clans and the whole family
    await expect(buttons.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(buttons.first()).toContainText('(main clan)');
    const main = (await (await mainAnswer).json()) as { members: Member[] };
    const table = page.getByTestId('war-member-table');
    const names = () => table.locator('tbody tr td:first-child button').allTextContents();
    await expect(table.locator('tbody tr')).toHaveCount(main.members.length);
    const sorted = (list: string[]) => [...list].sort();
    expect(sorted(await names())).toEqual(sorted(main.members.map((m) => displayName(m.name))));

    const feederButton = buttons.nth(1);
    const feederTag = (await feederButton.locator('.font-mono').textContent())!.trim();
    const answer = page.waitForResponse(
      (r) => r.url().includes('/api/admin/war-report/members?') && r.url().includes(encodeURIComponent(feederTag)),
    );
    await feederButton.click();
    const feeder = (await (await answer).json()) as { members: Member[] };
    await expect(feederButton).toHaveAttribute('aria-pressed', 'true');
    await expect(buttons.first()).toHaveAttribute('aria-pressed', 'false');
    // a player is in one clan at a time: the feeder's answer shares no tag with the main clan's
    expect(feeder.members.filter((m) => main.members.some((x) => x.tag === m.tag))).toEqual([]);
    await expect(table.locator('tbody tr')).toHaveCount(feeder.members.length);
    expect(sorted(await names())).toEqual(sorted(feeder.members.map((m) => displayName(m.name))));
    await shotAt(page, 'family-admin-picker');
    expect((await axe(page).analyze()).violations).toEqual([]);
  });

  test('Script Management and Reminders ask for the clan the picker chooses @phone', async ({ page }) => {
    await logIn(page);
    const scripts = picker(page, 'Scripts');
    await expect(scripts.getByRole('button')).toHaveCount(3); // no family view here
    const feeder = scripts.getByRole('button').nth(2);
    const tag = (await feeder.locator('.font-mono').textContent())!.trim();
    const chosenScript = page
      .getByRole('navigation', { name: 'Scripts' })
      .getByRole('button', { name: /River race log/ });
    await chosenScript.click();
    const history = page.waitForResponse(
      (r) => r.url().includes('/river-race-log/history?') && r.url().includes(`clan=${encodeURIComponent(tag)}`),
    );
    await feeder.click();
    expect((await history).status()).toBe(200);
    // the script chosen before stays chosen for the other clan
    await expect(chosenScript).toHaveAttribute('aria-pressed', 'true');
    await expect(feeder).toHaveAttribute('aria-pressed', 'true');
    // the database viewer shows this clan's rows: the feeder's river race log, not the main clan's
    const records = page.waitForResponse(
      (r) => r.url().includes('/database/river_race_data?') && r.url().includes(`clan=${encodeURIComponent(tag)}`),
    );
    await page.getByRole('group', { name: 'Tables' }).getByRole('button', { name: 'river_race_data' }).click();
    const rows = ((await (await records).json()) as { records: { player_tag: string }[] }).records;
    expect(rows.length).toBeGreaterThan(0);
    await expect(page.getByText(`of ${rows.length} records`)).toBeVisible();
    await expect(page.getByRole('table', { name: 'river_race_data records' })).toContainText(rows[0]!.player_tag);
    // the table's fourteen columns scroll in their box: the page itself is never wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    await shotAt(page, 'family-admin-scripts');
    expect((await axe(page).analyze()).violations).toEqual([]);

    await page.getByRole('tab', { name: 'Reminders' }).click();
    const reminders = picker(page, 'Reminders');
    const templates = page.waitForResponse((r) => r.url().includes(`templates?clan=${encodeURIComponent(tag)}`));
    const members = page.waitForResponse((r) => r.url().includes(`members?clan=${encodeURIComponent(tag)}`));
    await reminders.getByRole('button').nth(2).click();
    expect((await templates).status()).toBe(200);
    const answer = (await (await members).json()) as { members: Member[] };
    expect(answer.members.length).toBeGreaterThan(0);
    await expect(page.getByRole('main')).toContainText(answer.members[0]!.tag);
    await shotAt(page, 'family-admin-reminders');
    expect((await axe(page).analyze()).violations).toEqual([]);
  });

  test('the family War report lists promotion candidates and at-risk members as the API works them out @phone', async ({
    page,
  }) => {
    await logIn(page);
    await page.getByRole('tab', { name: 'War report' }).click();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/war-report/family'));
    await picker(page, 'War report').getByRole('button', { name: 'Whole family' }).click();
    const report = (await (await answer).json()) as {
      clans: unknown[];
      members: { clanTag: string }[];
      promotionCandidates: Member[];
      atRisk: Member[];
    };
    await expect(page.getByRole('heading', { name: 'Family war report' })).toBeVisible();
    expect(new Set(report.members.map((m) => m.clanTag)).size).toBe(3);
    const candidates = page.getByTestId('family-candidates');
    const atRisk = page.getByTestId('family-at-risk');
    await expect(candidates.getByRole('listitem')).toHaveCount(report.promotionCandidates.length);
    await expect(atRisk.getByRole('listitem')).toHaveCount(report.atRisk.length);
    expect(report.promotionCandidates.length + report.atRisk.length).toBeGreaterThan(0);
    for (const m of report.promotionCandidates.slice(0, 3)) await expect(candidates).toContainText(m.tag);
    for (const m of report.atRisk.slice(0, 3)) await expect(atRisk).toContainText(m.tag);
    await expect(page.getByTestId('family-member-table').locator('tbody tr')).toHaveCount(report.members.length);
    await shotAt(page, 'family-admin-report');
    expect((await axe(page).analyze()).violations).toEqual([]);
  });

  test('a Discord webhook is set on a feeder clan with the password again, shown without its token, listed in Account Settings, and removed @phone', async ({
    page,
  }) => {
    const width = page.viewportSize()!.width;
    // each project uses its own feeder: the two share the spec file's server
    const index = width < 640 ? 2 : 1;
    const [id, token] = width < 640 ? ['444444', 'phone-secret-token'] : ['333333', 'desktop-secret-token'];
    await logIn(page);
    await page.getByRole('tab', { name: 'Family' }).click();
    const row = page.getByRole('list', { name: 'Clans of the family' }).getByRole('listitem').nth(index);
    await expect(row).toContainText('No Discord webhook: this clan’s messages stay in its outbox.');
    await row.getByRole('button', { name: /^Set the webhook of/ }).click();
    const field = row.getByLabel('Discord webhook URL');
    const password = row.getByLabel('Current password');
    await expect(password).toHaveAccessibleDescription(/the webhook decides where this clan’s messages go/);
    await field.fill('https://example.com/not-a-webhook');
    await password.fill(ADMIN_PASSWORD);
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByRole('alert')).toContainText('not a Discord webhook URL');
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill(`https://discord.com/api/webhooks/${id}/${token}`);
    await password.fill('not-my-password');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByRole('alert')).toContainText('The current password is not correct.');
    await expect(row).toContainText('No Discord webhook: this clan’s messages stay in its outbox.');
    await shotAt(page, 'family-admin-webhook-password');
    expect((await axe(page).analyze()).violations).toEqual([]);

    await password.fill(ADMIN_PASSWORD);
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText(`Posts to its own webhook (discord.com · webhook ${id})`);
    await expect(page.locator('body')).not.toContainText(token);
    await shotAt(page, 'family-admin-webhook');
    expect((await axe(page).analyze()).violations).toEqual([]);

    await row.getByRole('button', { name: /^Remove the webhook of/ }).click();
    await row.getByLabel('Current password').fill(ADMIN_PASSWORD);
    await row.getByRole('button', { name: 'Remove webhook' }).click();
    await expect(row).toContainText('No Discord webhook: this clan’s messages stay in its outbox.');

    // both changes are in the audit list of Account Settings
    await page.getByRole('tab', { name: 'Account Settings' }).click();
    const changes = page.getByRole('list', { name: 'Template and webhook changes' });
    await expect(changes.getByRole('listitem').filter({ hasText: 'Discord webhook removed' }).first()).toBeVisible();
    await expect(changes.getByRole('listitem').filter({ hasText: 'Discord webhook set' }).first()).toBeVisible();
    await shotAt(page, 'account-settings-webhook-changes');
    expect((await axe(page).analyze()).violations).toEqual([]);
  });
});
