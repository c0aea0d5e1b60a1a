import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './support/fixtures';
import { fail, mockPublicApi } from './helpers/public-api-mocks';

const axe = (page: import('@playwright/test').Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);

test.describe('accessibility (axe-core)', () => {
  test('the public page has no violations @phone', async ({ page }) => {
    await mockPublicApi(page);
    await page.goto('/');
    await expect(page.getByTestId('member-row').first()).toBeVisible();
    await expect(page.getByTestId('champion').first()).toBeVisible();
    expect((await axe(page).analyze()).violations).toEqual([]);
  });

  test('the public page in its error states has no violations', async ({ page }) => {
    await mockPublicApi(page, { '/api/clan': fail(502, 'down'), '/api/clan/members': fail(503, 'down') });
    await page.goto('/');
    await expect(page.getByTestId('sample-note')).toBeVisible();
    await expect(page.getByTestId('proxy-note')).toContainText('203.0.113.7');
    expect((await axe(page).analyze()).violations).toEqual([]);
  });

  test('the 404 page has no violations @phone', async ({ page }) => {
    await page.goto('/missing-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect((await axe(page).analyze()).violations).toEqual([]);
  });
});
