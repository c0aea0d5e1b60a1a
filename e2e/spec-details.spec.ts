import { expect, test } from './support/fixtures';
import { answerCaptcha, logIn } from './support/admin';

test.describe.configure({ mode: 'serial' });

/** docs/product.md §8 details: quiet load failures, the network error wording, a typed captcha. */
test.describe('spec details', () => {
  test('a failed history or records load is only logged: never "No runs yet", never a message', async ({ page }) => {
    await logIn(page);
    await page.route('**/api/admin/*/history*', (route) =>
      route.fulfill({ status: 503, json: { error: 'Database unreachable', code: 'DB_UNAVAILABLE' } }),
    );
    await page.route('**/api/admin/database/**', (route) =>
      route.fulfill({ status: 503, json: { error: 'Database unreachable', code: 'DB_UNAVAILABLE' } }),
    );
    const warnings: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'warning') warnings.push(msg.text());
    });
    await page
      .getByRole('navigation', { name: 'Scripts' })
      .getByRole('button', { name: /River race log/ })
      .click();
    const history = page.getByRole('region', { name: 'Execution history' });
    await expect.poll(() => warnings.some((w) => w.startsWith('Failed to load execution history'))).toBe(true);
    await expect(history).not.toContainText('No runs yet.');
    await expect(history.getByRole('alert')).toHaveCount(0);

    await page.getByRole('group', { name: 'Tables' }).getByRole('button', { name: 'river_race_data' }).click();
    await expect.poll(() => warnings.some((w) => w.startsWith('Failed to load database records'))).toBe(true);
    const records = page.getByRole('region', { name: 'Database records' });
    await expect(records).not.toContainText(/not available|empty|Showing/);
  });

  test('a request the network refuses says "Network error occurred", whatever the browser calls it', async ({
    page,
  }) => {
    await page.goto('/admin');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('any password');
    await answerCaptcha(page);
    await page.route('**/api/admin/login', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Network error occurred').first()).toBeVisible();
  });

  test('a captcha answer that is not a number gets a human message', async ({ page }) => {
    await page.goto('/admin');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('any password');
    await expect(page.getByTestId('captcha-question')).toHaveText(/What is/);
    await page.getByLabel('Captcha answer').fill('seven');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Enter the captcha answer as a number').first()).toBeVisible();
  });
});
