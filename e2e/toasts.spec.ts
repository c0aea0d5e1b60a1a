import { expect, test } from './support/fixtures';

/** docs/product.md §9 notifications, seen from the login page where a failed login raises one. */
test.describe('notifications', () => {
  async function failLogin(page: import('@playwright/test').Page) {
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByLabel('Captcha answer').fill('9999');
    await page.getByRole('button', { name: 'Log In' }).click();
  }

  test('one at a time, F8 focuses them, swipe right dismisses', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByTestId('captcha-question')).toHaveText(/What is/);
    const viewport = page.getByRole('region', { name: /Notifications \(F8\)/ });
    await failLogin(page);
    const toasts = viewport.getByRole('listitem');
    await expect(toasts).toHaveCount(1);
    await expect(toasts.first()).toContainText('Invalid username, password or captcha answer');
    await failLogin(page);
    await expect(toasts.filter({ visible: true })).toHaveCount(1);

    await page.keyboard.press('F8');
    await expect(viewport.locator('ol')).toBeFocused();

    const box = (await toasts.first().boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + 140, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(toasts.filter({ visible: true })).toHaveCount(0);
  });

  test('sit at the bottom right within 420 px on wide screens and at the top on phones @phone', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByTestId('captcha-question')).toHaveText(/What is/);
    await failLogin(page);
    const list = page.getByRole('region', { name: /Notifications/ }).locator('ol');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    const box = (await list.boundingBox())!;
    const viewport = page.viewportSize()!;
    if (viewport.width >= 768) {
      expect(box.width).toBeLessThanOrEqual(420);
      expect(box.x + box.width).toBeGreaterThan(viewport.width - 2);
      expect(box.y + box.height).toBeGreaterThan(viewport.height - 2);
    } else {
      expect(box.y).toBeLessThan(2);
    }
  });
});
