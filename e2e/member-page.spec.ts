import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { MemberDay, MemberPageResponse } from '#contracts/member-page';
import { expect, test } from './support/fixtures';
import { shot } from './support/screenshots';

// the first test also waits for the server's first start, which replays the demo's history
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const axe = (page: Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);

/** A heatmap cell's label, in the words docs/war-insights.md gives, written out from the API's day. */
function expectedLabel(d: MemberDay): string {
  const head = `Battle day ${d.day}`;
  if (d.note === 'not-in-clan') return `${head}: not in the clan`;
  if (d.note === 'not-reported') return `${head}: not reported`;
  const count = d.decksUsedMax! > d.decksUsed! ? `${d.decksUsed} to ${d.decksUsedMax}` : `${d.decksUsed}`;
  const tail = {
    counted: d.decksUsedMax! > d.decksUsed! ? ' (uncertain)' : '',
    uncertain: ' (uncertain)',
    joined: ' (joined that day, not counted)',
    untracked: " (not tracked at the day's start, not counted)",
    excused: ' (excused, not counted)',
    'race-finished': ' (race already finished, not counted)',
  }[d.note];
  return `${head}: ${count} of 4 decks${tail}`;
}

/** From the clan page's member list to the member with the most tracked weeks, by a click on the name. */
async function openMemberFromTable(page: Page): Promise<MemberPageResponse> {
  await page.goto('/');
  const table = page.getByTestId('members-table');
  await table.scrollIntoViewIfNeeded();
  await expect(table.getByTestId('member-row').first()).toBeVisible();
  const links = table.getByTestId('player-name');
  const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute('href')!));
  // the demo's replayed history: of the first few members, the one whose page has the most weeks (three or more)
  const pages = await Promise.all(
    hrefs.slice(0, 6).map(async (href) => {
      const res = await page.request.get(`/api/clan/members/${href.split('/').pop()}/history`);
      return { href, body: (await res.json()) as MemberPageResponse };
    }),
  );
  const best = pages.reduce((a, b) => (b.body.weeks.length > a.body.weeks.length ? b : a));
  expect(best.body.weeks.length).toBeGreaterThanOrEqual(3);
  await table.locator(`a[href="${best.href}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${best.href}$`));
  return best.body;
}

test.describe('a page for every member', () => {
  test('a name in the members table opens that member’s page with their stored history', async ({ page }) => {
    const member = await openMemberFromTable(page);
    await expect(page.getByTestId('member-name')).toHaveText(member.name.replace(/<\/?c\d*>/g, '').trim());
    await expect(page.getByTestId('member-tag')).toHaveText(member.tag);
    await expect(page.getByTestId('member-status')).toContainText(member.inClan ? 'Member since' : 'Left');
    await expect(page).toHaveTitle(`${member.name.replace(/<\/?c\d*>/g, '').trim()} (${member.tag}) · ClanOps Royale`);
    await expect(page.getByTestId('streak')).toContainText(`${member.fullDeckStreak} day`);
    await expect(page.getByTestId('weeks-tracked')).toContainText(String(member.weeks.length));

    // one row per week, newest first, each cell labelled with its decks
    const rows = page.getByTestId('war-week');
    await expect(rows).toHaveCount(member.weeks.length);
    const newestFirst = [...member.weeks].reverse();
    for (const [i, week] of newestFirst.entries()) {
      const row = rows.nth(i);
      await expect(row.getByTestId('week-title')).toHaveText(
        week.title + (week.stored ? '' : 'in progress or not stored yet'),
      );
      const cells = row.getByRole('group', { name: `${week.title}: battle-day decks` }).getByRole('img');
      await expect(cells).toHaveCount(4);
      expect(await cells.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(
        week.days.map(expectedLabel),
      );
      await expect(row.getByTestId('week-fame')).toHaveText(
        `Fame ${week.fame !== null ? week.fame.toLocaleString('en-US') : week.stored ? '—not in this week’s log' : '—not stored yet'}`,
      );
    }

    // the trends and the titles read their values out
    if (member.trends.fame.length > 0)
      await expect(page.getByRole('img', { name: /^Fame per war week, / })).toBeVisible();
    if (member.trends.trophies.length > 0) await expect(page.getByRole('img', { name: /^Trophies, / })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Excused absences' })).toBeVisible();
    await expect(page.getByText('No excused absences.')).toBeVisible();

    // tenure in the header, and its stints as a timeline behind the disclosure
    const tenure = member.tenure!;
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    await expect(page.getByTestId('member-tenure')).toHaveText(
      `${member.inClan ? 'In' : 'Was in'} the clan ${plural(tenure.days, 'day')} over ${plural(tenure.stints, 'stint')}`,
    );
    await expect(page.getByTestId('tenure-timeline')).toBeHidden();
    await page.getByTestId('member-tenure').click();
    const stints = page.getByTestId('tenure-stint');
    await expect(stints).toHaveCount(tenure.timeline.length);
    if (member.inClan) await expect(stints.last()).toContainText('– now');
    await shot(page, 'member-page');
  });

  test('the member page has no accessibility violations at desktop and phone width', async ({ page }) => {
    await openMemberFromTable(page);
    await expect(page.getByTestId('war-week').first()).toBeVisible();
    expect((await axe(page).analyze()).violations).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect((await axe(page).analyze()).violations).toEqual([]);
  });

  test('the keyboard reaches the way back to the clan page', async ({ page }) => {
    await openMemberFromTable(page);
    await expect(page.getByTestId('member-name')).toBeVisible();
    // the page took focus at its top: the first Tab is the skip link, whatever link was clicked to get here
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const back = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Back to the clan page' });
    await expect(back).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Clan members' })).toBeVisible();
  });

  test('a link opened directly is served with the member’s head; a tag never seen is the 404 page', async ({
    page,
  }) => {
    const res = await page.request.get('/api/clan/members');
    const tag = ((await res.json()) as { members: { playerTag: string }[] }).members[0]!.playerTag.slice(1);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/history')) asked.push(r.url());
    });
    const response = await page.goto(`/members/${tag.toLowerCase()}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/members/${tag}$`));
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'profile');
    // the page's own chunk loads beside the app's JavaScript
    await expect(page.locator('link[rel="modulepreload"][href*="/member-page-"]')).toHaveCount(1);
    await expect(page.getByTestId('member-tag')).toHaveText(`#${tag}`);
    // the page arrived painted with its data (docs/decisions/170-pages-painted-on-the-server.md): nothing is fetched again
    await expect(page.locator('#page-state')).toHaveCount(1);
    expect(asked).toEqual([]);

    const missing = await page.goto('/members/PPPPPPPP');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
