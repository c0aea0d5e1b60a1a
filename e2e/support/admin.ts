import type { Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, expect } from './fixtures';

/** Reads the arithmetic question and types its answer, as a person would. */
export async function answerCaptcha(page: Page): Promise<void> {
  const question = page.getByTestId('captcha-question');
  await expect(question).toHaveText(/What is \d+ [+\-×] \d+\?/);
  const [, a, op, b] = /What is (\d+) ([+\-×]) (\d+)\?/.exec((await question.textContent()) ?? '')!;
  const answer = op === '+' ? Number(a) + Number(b) : op === '-' ? Number(a) - Number(b) : Number(a) * Number(b);
  await page.getByLabel('Captcha answer').fill(String(answer));
}

/** Logs in on /admin with the captcha and waits for the panel. */
export async function logIn(page: Page, password = E2E_ADMIN_PASSWORD): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await answerCaptcha(page);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
}
