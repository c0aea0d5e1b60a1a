import { test, expect } from './support/fixtures';
import { clan, fail, mockPublicApi } from './helpers/public-api-mocks';

test.describe('statistics', () => {
  test('rank cards, war records and summary cards with the spec subtitles @phone', async ({ page }) => {
    await mockPublicApi(page);
    await page.goto('/');
    const ranks = page.getByTestId('rank-cards');
    await expect(ranks).toContainText('#12');
    await expect(ranks).toContainText('#845');
    await expect(ranks.getByText('Not ranked')).toHaveCount(2);
    await expect(ranks).toContainText('Netherlands');
    await expect(page.getByTestId('war-week-card')).toContainText('182,400 fame');
    await expect(page.getByTestId('war-week-card')).toContainText('Season 133 · Week 4');
    await expect(page.getByTestId('war-day-card')).toContainText('41,200');
    const summary = page.getByTestId('summary-cards');
    for (const text of ['61,234', '+1,245 this week', '4,321', 'Legendary League', '8,765', 'Record high!'])
      await expect(summary).toContainText(text);
    await expect(page.getByTestId('war-rules')).toContainText('4 attacks per day');
    await expect(page.getByTestId('war-rules')).toContainText('2,000 fame');
    await expect(page.getByTestId('war-rules')).toContainText('top 10 in two consecutive wars');
    await expect(page.getByTestId('war-rules')).toContainText('5 or more missed attacks');
  });

  test('47 members show 3 open spots', async ({ page }) => {
    await mockPublicApi(page, { '/api/clan': clan(47) });
    await page.goto('/');
    await expect(page.getByTestId('capacity')).toHaveText('3 open spots');
    await expect(page.getByTestId('members-card')).toContainText('47/50');
  });

  test('50 members show Clan full!', async ({ page }) => {
    await mockPublicApi(page, { '/api/clan': clan(50) });
    await page.goto('/');
    await expect(page.getByTestId('capacity')).toHaveText('Clan full!');
  });

  test('champions: crown and Current Champion, Co-Champion for a tie, the leading-month note', async ({ page }) => {
    await mockPublicApi(page);
    await page.goto('/');
    const champion = (name: string) =>
      page.getByTestId('champion').filter({ has: page.getByTestId('champion-name').getByText(name, { exact: true }) });
    await expect(champion('Bravo').getByTestId('champion-label')).toHaveText('Current Champion');
    await expect(champion('Bravo').getByRole('img', { name: 'Crown' })).toBeVisible();
    await expect(champion('Delta').getByTestId('champion-label')).toHaveText('Co-Champion');
    await expect(champion('charlie').getByTestId('champion-label')).toHaveCount(0);
    await expect(champion('Rising').getByTestId('champion-rising')).toHaveText(
      'Champion on the rise: leading July 2026 so far',
    );
    await expect(page.getByTestId('monthly-champions').getByRole('img', { name: 'Crown' })).toHaveCount(1);
  });

  test('no champions yet shows the empty message', async ({ page }) => {
    await mockPublicApi(page, { '/api/clan/monthly-champions': [] });
    await page.goto('/');
    await expect(page.getByText('No monthly champions data available')).toBeVisible();
  });

  test('current-ip is not fetched while the clan and leader load fine', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await mockPublicApi(page);
    await page.goto('/');
    await expect(page.getByTestId('summary-cards')).toContainText('61,234');
    await page.locator('#members').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('member-row')).toHaveCount(6);
    expect(asked).not.toContain('/api/current-ip');
    await expect(page.getByText('Failed to load clan statistics', { exact: false })).toHaveCount(0);
  });

  for (const endpoint of ['/api/clan', '/api/leader']) {
    test(`a failing ${endpoint} shows the statistics error with the proxy IP note @phone`, async ({ page }) => {
      await mockPublicApi(page, { [endpoint]: fail(502, 'The Clash Royale API refused the request.') });
      await page.goto('/');
      const alert = page.locator('#statistics').getByRole('alert');
      await expect(alert).toContainText(
        'Failed to load clan statistics. Please check if the proxy server is accessible.',
      );
      await expect(alert.getByTestId('proxy-note')).toContainText('203.0.113.7');
    });
  }
});
