import { expect, test } from './support/fixtures';
import { logIn } from './support/admin';

test.describe.configure({ mode: 'serial' });

/** docs/product.md §8 as the admin sees it: the server's words, the card's fallback, the session ending. */
test.describe('admin errors', () => {
  test('a run that fails shows the server error, and the fallback when the answer has none', async ({ page }) => {
    await logIn(page);
    const message = 'Inactive player detection is already running. Wait for it to finish, then try again.';
    await page.route('**/api/admin/inactive-players/run', (route) =>
      route.fulfill({ status: 409, json: { error: message, code: 'ALREADY_RUNNING' } }),
    );
    await page.getByRole('button', { name: 'Run Inactive player detection' }).click();
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();

    await page.unroute('**/api/admin/inactive-players/run');
    await page.route('**/api/admin/inactive-players/run', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }),
    );
    await page.getByRole('button', { name: 'Run Inactive player detection' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to run detection' })).toBeVisible();
  });

  test('a captcha that fails to load says so, and the submit button loads one', async ({ page }) => {
    await page.route('**/api/admin/login/captcha', (route) =>
      route.fulfill({ status: 503, json: { error: 'Database unreachable', code: 'DB_UNAVAILABLE' } }),
    );
    await page.goto('/admin');
    await expect(page.getByText('Failed to load captcha').first()).toBeVisible();
    await expect(page.getByTestId('captcha-question')).toHaveText('No question loaded');
    await page.unroute('**/api/admin/login/captcha');
    await page.getByRole('button', { name: 'Load Captcha' }).click();
    await expect(page.getByTestId('captcha-question')).toHaveText(/What is/);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  });

  test('a 401 on an admin call ends the session with the session-expired notice', async ({ page }) => {
    // the panel's own first system call settles before the 401 is set up, so that only the reload meets it
    const firstSystemCall = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/admin/system');
    await logIn(page);
    expect((await firstSystemCall).status()).toBe(200);
    await page.route('**/api/admin/system', (route) =>
      route.fulfill({
        status: 401,
        json: { error: 'Authentication required. Please log in again.', code: 'UNAUTHORIZED' },
      }),
    );
    await page.reload();
    await expect(page.getByText('Authentication session expired. Please log in again.').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('clanops.adminToken'))).toBeNull();
  });
});
