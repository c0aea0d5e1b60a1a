import { E2E_ADMIN_PASSWORD, expect } from './support/fixtures';
import { answerCaptcha, logIn } from './support/admin';
import { linkIn, shot, test } from './support/smtp';

test.describe.configure({ mode: 'serial' });

const NEW_PASSWORD = 'Harbor-Lights-Nine-17';

test.describe('admin authentication', () => {
  test('logs in with the captcha, stays logged in on reload, and logs out', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await shot(page, 'login');

    // A wrong answer: the server's message, a new captcha (its question may repeat by chance: compare ids), the answer cleared.
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
    await page.getByLabel('Captcha answer').fill('9999');
    const login = page.waitForRequest((r) => r.url().endsWith('/api/admin/login') && r.method() === 'POST');
    const nextCaptcha = page.waitForResponse((r) => r.url().endsWith('/api/admin/login/captcha') && r.status() === 200);
    await page.getByRole('button', { name: 'Log In' }).click();
    const usedId = ((await login).postDataJSON() as { captchaId: string }).captchaId;
    const fresh = (await (await nextCaptcha).json()) as { id: string; question: string };
    await expect(page.getByText('Invalid username, password or captcha answer', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Captcha answer')).toHaveValue('');
    expect(fresh.id).not.toBe(usedId);
    await expect(page.getByTestId('captcha-question')).toHaveText(fresh.question);

    await logIn(page);
    await expect(page.getByRole('tab', { name: 'Script Management' })).toBeVisible();
    await shot(page, 'panel');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await expect(page.getByText('Signed in as admin')).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await expect(page.getByTestId('captcha-question')).toHaveText(/What is/);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('clanops.admin')))).toEqual(
      [],
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  });

  test('shows "Passwords do not match" when the new passwords differ', async ({ page }) => {
    await logIn(page);
    await page.getByRole('tab', { name: 'Account Settings' }).click();
    await page.getByLabel('Current password').fill(E2E_ADMIN_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('Harbor-Lights-Nine-17');
    await page.getByLabel('Confirm new password').fill('Harbor-Lights-Nine-18');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match' })).toBeVisible();
    await shot(page, 'account');
  });

  test('forgot password → mail → reset → log in with the new password', async ({ page, smtp, appServer }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await logIn(page);
    await page.getByRole('tab', { name: 'Account Settings' }).click();
    await page.getByLabel('Recovery email').fill('leader@clan.example');
    await page.getByLabel('Confirm with your password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Set Recovery Email' }).click();
    await expect(page.getByText(/Almost done: open the link we sent to leader@clan\.example/)).toBeVisible();
    await expect.poll(() => linkIn(smtp.mails, '/admin/confirm-email')).toBeTruthy();
    await page.goto(linkIn(smtp.mails, '/admin/confirm-email')!);
    await page.getByRole('button', { name: 'Confirm Email Address' }).click();
    await expect(page.getByText(/Recovery email set successfully/)).toBeVisible();
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Logout' }).click();
    const mailsBefore = smtp.mails.length;

    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Recovery email').fill('leader@clan.example');
    await answerCaptcha(page);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(/a password reset link is on its way/)).toBeVisible();

    await expect.poll(() => linkIn(smtp.mails.slice(mailsBefore), '/admin/reset-password')).toBeTruthy();
    const link = linkIn(smtp.mails.slice(mailsBefore), '/admin/reset-password');
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();

    await page.goto(link!);
    // SEC-RST-04: the page read the token from the fragment and took it out of the address bar and history.
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    expect(await page.evaluate(() => window.location.search + window.location.hash)).toBe('');
    expect(page.url()).not.toContain('token');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(/Your password has been reset/)).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/, { timeout: 5000 });

    await logIn(page, NEW_PASSWORD);
    // SEC-RST-04: the token never reaches the server log.
    expect(appServer.logs()).not.toContain(new URLSearchParams(new URL(link!).hash.slice(1)).get('token')!);
    // No URL the browser asked for carried a token in its query string (the fragment is never sent).
    expect(requested.some((u) => u.includes('/admin/reset-password'))).toBe(true);
    expect(requested.filter((u) => /[?&]token=/.test(new URL(u).search))).toEqual([]);
  });

  test('the reset page without a token says "Invalid reset link" and goes to /admin', async ({ page }) => {
    await page.goto('/admin/reset-password');
    await expect(page.getByText('Invalid reset link').first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    const res = await page.request.get('/admin/reset-password');
    expect(res.headers()['referrer-policy']).toBe('no-referrer');
  });
});
