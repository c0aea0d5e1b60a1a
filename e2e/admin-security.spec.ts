import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, expect } from './support/fixtures';
import { answerCaptcha, logIn } from './support/admin';
import { linkIn, shot, test } from './support/smtp';

test.describe.configure({ mode: 'serial' });

/** The code a phone shows `offsetSteps` 30-second steps from now (RFC 6238, computed in the test). */
function codeFor(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

async function passwordStep(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await answerCaptcha(page);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-Factor Code' })).toBeVisible();
}

test.describe('admin security', () => {
  let secret = '';
  let recoveryCodes: string[] = [];

  test('sets the recovery email with the password and a confirmation link', async ({ page, smtp }) => {
    await logIn(page);
    await page.getByRole('tab', { name: 'Account Settings' }).click();
    await page.getByLabel('Recovery email').fill('leader@clan.example');
    await page.getByLabel('Confirm with your password').fill('not-the-password');
    await page.getByRole('button', { name: 'Set Recovery Email' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The current password is not correct.' })).toBeVisible();
    await page.getByLabel('Confirm with your password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Set Recovery Email' }).click();
    await expect(page.getByText(/Almost done: open the link we sent to leader@clan\.example/)).toBeVisible();
    await expect(page.getByText(/Waiting for leader@clan\.example to be confirmed/)).toBeVisible();
    await shot(page, 'account-settings-email-pending');

    await expect.poll(() => linkIn(smtp.mails, '/admin/confirm-email')).toBeTruthy();
    await page.goto(linkIn(smtp.mails, '/admin/confirm-email')!);
    await expect(page.getByRole('heading', { name: 'Confirm Recovery Email' })).toBeVisible();
    expect(await page.evaluate(() => window.location.search + window.location.hash)).toBe('');
    await shot(page, 'confirm-email');
    await page.getByRole('button', { name: 'Confirm Email Address' }).click();
    await expect(
      page.getByText('Recovery email set successfully: reset links now go to leader@clan.example.'),
    ).toBeVisible();
    await shot(page, 'confirm-email-done');
    await page.getByRole('link', { name: 'Go to the Admin Page' }).click();
    await page.getByRole('tab', { name: 'Account Settings' }).click();
    await expect(page.getByText('Reset links go to leader@clan.example.')).toBeVisible();
  });

  test('enrols TOTP: password, QR code and key, first code, recovery codes shown once', async ({ page }) => {
    await logIn(page);
    await page.getByRole('tab', { name: 'Account Settings' }).click();
    await shot(page, 'account-settings');
    await page.getByLabel('Your password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
    await expect(page.getByRole('img', { name: 'QR code to add ClanOps to your authenticator app' })).toBeVisible();
    secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shot(page, 'totp-scan');
    await page.getByLabel('Code from the app').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn On' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    recoveryCodes = await list.getByRole('listitem').allTextContents();
    await shot(page, 'totp-recovery-codes');
    await page.getByRole('button', { name: 'I saved them' }).click();
    await expect(page.getByText('On: after the password, the login asks for a code')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn Off Two-Factor Sign-In' })).toBeVisible();
    await shot(page, 'account-settings-totp-on');
  });

  test('logs in with a code after the password; a wrong code is refused', async ({ page }) => {
    await passwordStep(page);
    await shot(page, 'login-code-step');
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(/That code is not right, or was already used/).first()).toBeVisible();
    // The enrolment used the current step; the next step's code is accepted (one step of drift).
    await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();

    await passwordStep(page);
    await page.getByLabel('Authentication code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  });

  test('lists a message template change in Account Settings and mails it', async ({ page, smtp }) => {
    await passwordStep(page);
    await page.getByLabel('Authentication code').fill(recoveryCodes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('tab', { name: 'Account Settings' }).click();
    await expect(page.getByText('No message template or webhook has been changed yet.')).toBeVisible();

    await page.getByRole('tab', { name: 'Reminders' }).click();
    const card = page.getByRole('region', { name: 'Message templates' });
    await card.getByRole('button', { name: 'War reminder', exact: true }).click();
    await card.getByLabel(/War reminder/).fill('Battle day {day}: {count} still to play!\n{list}');
    await card.getByRole('button', { name: 'Save template' }).click();
    await expect(card.getByRole('status').filter({ hasText: 'War reminder template saved' })).toBeVisible();

    await page.getByRole('tab', { name: 'Account Settings' }).click();
    const changes = page.getByRole('list', { name: 'Template and webhook changes' });
    await expect(changes.getByRole('listitem')).toHaveCount(1);
    await expect(changes.getByRole('listitem').first()).toContainText(
      /War reminder edited\s*\d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    await shot(page, 'account-settings-template-changes');
    await expect.poll(() => smtp.mails.filter((m) => m.includes('a message template was changed')).length).toBe(1);
  });
});
