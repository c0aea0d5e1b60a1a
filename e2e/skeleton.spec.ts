import { test, expect } from './support/fixtures';

test.describe('walking skeleton', () => {
  test('the public page is served with its meta tags', async ({ page, appServer }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/ClanOps Royale/);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toBe(`${appServer.url}/`);
    await expect(page.locator('#home')).toBeVisible();
  });

  test('an unknown page answers 404 with the app 404 page', async ({ page }) => {
    const response = await page.goto('/nope');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the clan page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown API path answers JSON 404 with an error', async ({ request }) => {
    const res = await request.get('/api/nope');
    expect(res.status()).toBe(404);
    const body = await res.json();
    expect(body).toEqual({ error: expect.stringContaining('/api/nope'), code: 'NOT_FOUND' });
  });

  test('health reports the database', async ({ request }) => {
    const res = await request.get('/healthz');
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: { status: 'ok', engine: 'sqlite' } });
  });
});
