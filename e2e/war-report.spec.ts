import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { SHOTS_DIR, shot } from './support/screenshots';
import { logIn } from './support/admin';
import type { RaceProjectionResponse } from '#contracts/race-projection';
import { projectedSummary } from '#contracts/race-projection-text';

test.describe.configure({ mode: 'serial' });

const axe = (page: Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);

async function openTab(page: Page): Promise<void> {
  await logIn(page);
  await page.getByRole('tab', { name: 'War report' }).click();
  await expect(page.getByRole('heading', { name: 'War report' })).toBeVisible();
  await expect(page.getByTestId('war-member-table')).toBeVisible();
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The War report tab on the demo's replayed history (docs/war-insights.md) and the public Last war card.
 */
test.describe('War report', () => {
  test('the tab shows the lists with evidence, a sortable member table and labelled heatmap cells', async ({
    page,
  }) => {
    await openTab(page);
    await expect(page.getByRole('heading', { name: 'War report' }).locator('..')).toContainText(/Season \d+ · Week \d/);
    for (const list of ['promotion', 'below-fame', 'missed-attacks', 'joiners', 'away', 'donations'])
      await expect(page.getByTestId(list)).toBeVisible();

    // every heatmap cell speaks its decks, in exactly the documented words
    const table = page.getByTestId('war-member-table');
    const cells = table.getByRole('group', { name: 'Battle-day decks' }).first().getByRole('img');
    await expect(cells).toHaveCount(4);
    const labels = await table
      .locator('[role="img"][aria-label^="Battle day"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(labels.length).toBeGreaterThan(40);
    // every note the War report gives a day (docs/war-insights.md), written out here
    const notes = [
      'uncertain',
      'race already finished, not counted',
      'joined that day, not counted',
      "not tracked at the day's start, not counted",
      'excused, not counted',
    ];
    const label = new RegExp(
      `^Battle day [1-4]: (not reported|\\d( to \\d)? of 4 decks( \\((${notes.join('|')})\\))?)$`,
    );
    for (const text of labels) expect(text).toMatch(label);
    expect(labels).toContain('Battle day 1: 4 of 4 decks');

    // the table opens by last war's fame, highest first; sorting by name orders the rows A→Z, then Z→A
    const names = () => table.locator('tbody tr td:first-child button').allTextContents();
    const fames = async () =>
      (await table.locator('tbody tr td:nth-child(3)').allTextContents()).map((t) => Number(t.replace(/,/g, '')));
    const byFame = await fames();
    expect(byFame).toEqual([...byFame].sort((a, b) => b - a));
    const before = await names();
    await table.getByRole('button', { name: 'Member' }).click();
    await expect(table.getByRole('columnheader', { name: 'Member' })).toHaveAttribute('aria-sort', 'ascending');
    const asc = await names();
    expect(asc).not.toEqual(before);
    expect(asc).toEqual([...asc].sort(collator.compare));
    await table.getByRole('button', { name: 'Member' }).click();
    expect(await names()).toEqual([...asc].reverse());

    // a name opens that member's whole history
    await table.locator('tbody tr td:first-child button').first().click();
    const detail = page.getByTestId('member-detail');
    await expect(detail).toContainText(`${asc.at(-1)} · war history`);
    await expect(detail.locator('tbody tr').first()).toContainText(/Season \d+ · Week \d/);
    await shot(page, 'war-report-tab');
  });

  test('the tab has no accessibility violations', async ({ page }) => {
    // axe walks a table of ~50 members with 4 heatmap cells each, twice: allow for a loaded machine
    test.setTimeout(120_000);
    await openTab(page);
    expect((await axe(page).analyze()).violations).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect((await axe(page).analyze()).violations).toEqual([]);
  });

  test('the tab shows the race projection with its ranges and the full track record, with no violations', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await openTab(page);
    const card = page.getByTestId('admin-race-projection');
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole('heading', { name: 'Race projection' })).toBeVisible();
    const body = (await (await request.get('/api/clan/war/projection')).json()) as RaceProjectionResponse;
    if (body.projection) {
      await expect(card).toContainText(`Projected on battle day ${body.projection.day}`);
      await expect(card.getByTestId('admin-projection-clan')).toHaveCount(body.projection.clans.length);
      const ours = body.projection.clans.find((c) => c.tag === body.clanTag)!;
      await expect(card).toContainText(`projected ${projectedSummary(ours, body.projection.mode)}`);
    } else await expect(card).toContainText('Projected on battle days (Thursday to Sunday)');
    if (body.record.byDay.length > 0) {
      const rows = card.getByTestId('projection-record').locator('tbody tr');
      await expect(rows).toHaveCount(body.record.byDay.length);
      const first = body.record.byDay[0]!;
      await expect(rows.first()).toContainText(`Day ${first.day}`);
      await expect(rows.first()).toContainText(`${first.placedRight} of ${first.weeks} week`);
    } else await expect(card.getByTestId('projection-record-empty')).toBeVisible();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await card.screenshot({ path: `${SHOTS_DIR}/admin-race-projection-1280.png` });
    expect((await axe(page).include('[data-testid="admin-race-projection"]').analyze()).violations).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS_DIR}/admin-race-projection-390.png` });
    expect((await axe(page).include('[data-testid="admin-race-projection"]').analyze()).violations).toEqual([]);
  });

  test('the report downloads as CSV with the listed members in it', async ({ page }) => {
    await openTab(page);
    const listed = await page.getByTestId('below-fame').locator('li button').allTextContents();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download report CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^war-report-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('war,list,tag,name,role,evidence');
    const belowRows = lines.filter((l) => l.includes(',Below the fame minimum,'));
    expect(belowRows).toHaveLength(listed.length);
    for (const row of belowRows) expect(row).toMatch(/,\d+ of 2000 fame$/);
  });

  test('a records table downloads as CSV from the Script Management tab', async ({ page }) => {
    await logIn(page);
    await page
      .getByRole('navigation', { name: 'Scripts' })
      .getByRole('button', { name: /River race log/ })
      .click();
    await page
      .getByRole('group', { name: 'Tables' })
      .getByRole('button', { name: 'river_race_data', exact: true })
      .click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download river_race_data CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^river_race_data-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^season_id,section_index,player_tag,player_name,fame,/);
    expect(lines.length).toBeGreaterThan(100); // ten weeks of about 50 players
  });

  test('the public page shows the Last war card and the rules, with no violations @phone', async ({ page }) => {
    await page.goto('/');
    const card = page.getByTestId('last-war');
    await expect(card.getByRole('img', { name: /^Clan fame over \d+ war weeks/ })).toBeVisible({ timeout: 10_000 });
    await expect(card).toContainText(/Season \d+ · Week \d/);
    await expect(card.locator('ol li')).toHaveCount(5);
    await expect(page.getByTestId('war-rules')).toContainText('At least 2,000 fame per war');
    await card.scrollIntoViewIfNeeded();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await card.screenshot({ path: `${SHOTS_DIR}/last-war-card-${page.viewportSize()!.width}.png` });
    expect((await axe(page).analyze()).violations).toEqual([]);
  });

  test('the admin changes a rule: a bad value is refused with its reason, a good one reaches the public panel', async ({
    page,
  }) => {
    await openTab(page);
    const fame = page.getByLabel('Minimum fame per war');
    await fame.fill('5000');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'a player earns at most 3,600 fame a war' })).toBeVisible();
    await fame.fill('1800');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.getByText('War rules saved').first()).toBeVisible();
    await expect(page.getByTestId('below-fame')).toContainText('Fewer than 1,800 fame');
    await page.goto('/');
    await expect(page.getByTestId('war-rules')).toContainText('At least 1,800 fame per war');
    await expect(page.getByTestId('war-rules')).toContainText('Every member earns at least 1,800 fame each war week.');
  });
});
