import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { startBuiltServer, type BuiltServer } from '#tools/server-process';
import { startDiscordStandIn, type DiscordStandIn } from '#test/helpers/discord-stand-in';
import { shot } from './support/screenshots';

/**
 * The admin system card of the built app: the running version, and "Register the Discord commands again" after
 * Discord refused the registration at start (the Discord stand-in answers the first PUT with 401).
 */
let discord: DiscordStandIn;
let server: BuiltServer;
const PASSWORD = 'Lantern-Crown-Seven-42';
const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  discord = await startDiscordStandIn();
  discord.fail((r) => r.method === 'PUT', 401);
  server = await startBuiltServer({
    tempPrefix: 'clanops-e2e-system-',
    env: { NODE_ENV: 'production', ADMIN_PASSWORD: PASSWORD, DEMO_FAMILY: '0', DEMO_HISTORY: '0', ...discord.env() },
  });
  await discord.waitFor((r) => r.method === 'PUT');
});

test.afterAll(async () => {
  await server?.stop();
  await discord?.close();
});

async function logIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/admin`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const question = (await page.getByTestId('captcha-question').textContent()) ?? '';
  const [, a, op, b] = /What is (\d+) ([+\-×]) (\d+)\?/.exec(question)!;
  const answer = op === '+' ? Number(a) + Number(b) : op === '-' ? Number(a) - Number(b) : Number(a) * Number(b);
  await page.getByLabel('Captcha answer').fill(String(answer));
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
}

test('the system card shows the version and registers the Discord commands again after a refusal', async ({ page }) => {
  const health = (await (await fetch(`${server.url}/healthz`)).json()) as { version: string };
  expect(health.version).toBe(version);
  await logIn(page);
  const card = page.getByRole('region', { name: 'System' });
  await expect(card.getByText(`ClanOps ${version}`)).toBeVisible();
  await expect(card.getByText(/slash commands could not be registered/)).toBeVisible();
  await shot(page, 'system-card-refused');
  const axe = await new AxeBuilder({ page })
    .include('section[aria-labelledby="system-card"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(axe.violations).toEqual([]);

  await card.getByRole('button', { name: 'Register the Discord commands again' }).click();
  await expect(card.getByRole('status')).toHaveText('Registered 13 commands on your server.');
  await expect(card.getByText(/slash commands could not be registered/)).toHaveCount(0);
  // the refused overwrite at start and the one the button made on the server; then the global list emptied once
  const puts = discord.requests.filter((r) => r.method === 'PUT');
  expect(puts.filter((r) => r.path.includes('/guilds/'))).toHaveLength(2);
  expect(puts.filter((r) => !r.path.includes('/guilds/')).map((r) => r.body)).toEqual([[]]);
  await shot(page, 'system-card-registered');
});
