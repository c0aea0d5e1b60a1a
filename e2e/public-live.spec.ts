import { test, expect } from './support/fixtures';

/** The public page against the real built server in demo mode (simulator data, no stand-ins). */
test.describe('public page on the demo server', () => {
  test('every section fills with demo data, without errors and without asking for the IP @phone', async ({
    page,
    request,
  }) => {
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const clan = await (await request.get('/api/clan')).json();
    const roster = await (await request.get('/api/clan/members')).json();

    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: 'Demo data' })).toBeVisible();
    await expect(page.getByTestId('members-card')).toContainText(`${clan.members}/50`);
    await expect(page.getByTestId('capacity')).toHaveText(
      clan.members >= 50 ? 'Clan full!' : `${50 - clan.members} open spot${50 - clan.members === 1 ? '' : 's'}`,
    );
    await expect(page.getByTestId('summary-cards')).toContainText(clan.clanScore.toLocaleString('en-US'));
    await expect(page.getByTestId('rank-cards').locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(
      page
        .getByTestId('monthly-champions')
        .getByText(/No monthly champions data available|Current Champion|Monthly champions/)
        .first(),
    ).toBeVisible();

    await page.locator('#members').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('member-row')).toHaveCount(roster.members.length);
    await expect(page.getByRole('columnheader', { name: 'Ranked Status' })).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(asked).not.toContain('/api/current-ip');
  });
});
