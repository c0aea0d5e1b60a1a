import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startBuiltServer, type BuiltServer } from '#tools/server-process';
import { startDiscordStandIn, type DiscordStandIn } from '#test/helpers/discord-stand-in';
import { answerCaptcha } from './support/admin';
import { E2E_ADMIN_PASSWORD } from './support/fixtures';
import { shot } from './support/screenshots';

/**
 * Discord roles in the admin console (docs/decisions/160-discord-roles.md): the rules form, the dry-run preview and
 * the audit list, on the built app (demo mode) with the Discord stand-in as the clan's server. The demo links one of
 * its members to the user 100000000000000001 (proven in the game).
 */
const LINKED = '100000000000000001';
const VERIFIED = '820000000000000001';
const MEMBER = '820000000000000004';
const OWN_ROLE = '777000000000000001';
let discord: DiscordStandIn;
let server: BuiltServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  discord = await startDiscordStandIn();
  discord.guild.addRole(VERIFIED, 'Verified', 10).addRole(MEMBER, 'Member', 11).addRole(OWN_ROLE, 'Artist', 5);
  discord.guild.addMember(LINKED, 'linked', [OWN_ROLE]);
  server = await startBuiltServer({
    tempPrefix: 'clanops-e2e-roles-',
    env: { NODE_ENV: 'production', ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, DEMO_FAMILY: '0', ...discord.env() },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await discord?.close();
});

const axe = (page: Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);

async function openRoles(page: Page): Promise<void> {
  await page.goto(`${server.url}/admin`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await answerCaptcha(page);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await page.getByRole('tab', { name: 'Reminders' }).click();
  await expect(page.getByRole('region', { name: 'Discord roles' })).toBeVisible();
}

async function axeClean(page: Page): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const { violations } = await axe(page).include('#discord-roles-rules').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('Discord roles in the admin console', () => {
  test('the rules form refuses a bad role id, saves good ones, and the preview lists what would change', async ({
    page,
  }) => {
    await openRoles(page);
    const rules = page.getByRole('form', { name: 'Discord role rules' });
    await rules.getByLabel('Verified role (any proven link)').fill('everyone');
    await rules.getByRole('button', { name: 'Save role rules' }).click();
    await expect(rules.getByRole('alert')).toContainText('A role id is 17 to 20 digits');

    await rules.getByLabel('Verified role (any proven link)').fill(VERIFIED);
    await rules.getByLabel('Member role (rank in the game)').fill(MEMBER);
    // the role's name in Discord beside the id typed
    await expect(rules.getByText('In Discord: Verified')).toBeVisible();
    await expect(rules.getByText('In Discord: Member')).toBeVisible();
    await rules.getByLabel(/^Nickname template/).fill('{name} | {clan}');
    await rules.getByRole('button', { name: 'Save role rules' }).click();
    await expect(rules.getByText('Role rules saved.')).toBeVisible();

    const preview = page.getByRole('region', { name: 'Preview of role changes' });
    await preview.getByRole('button', { name: 'Preview' }).click();
    const changes = preview.getByRole('list', { name: 'Changes the rules would make' });
    await expect(changes).toContainText(`linked ${LINKED}`);
    await expect(changes).toContainText(`+ role Verified (${VERIFIED})`);
    await expect(changes).toContainText(/verified link to #/);
    // the nickname: the player's name without the game's colour tags, and the clan's name for {clan}
    await expect(changes).toContainText(/nickname → [^<>]+ \| Demo Royale/);
    // a dry run: nothing changed in Discord
    expect(discord.guild.rolesOf(LINKED)).toEqual([OWN_ROLE]);
    await axeClean(page);
    await shot(page, 'discord-roles-preview');
  });

  test('switched on, the changes apply and the audit lists each with its reason', async ({ page }) => {
    await openRoles(page);
    const rules = page.getByRole('form', { name: 'Discord role rules' });
    await expect(rules.getByLabel('Verified role (any proven link)')).toHaveValue(VERIFIED);
    await rules.getByLabel(/^Apply the rules in Discord/).check();
    await rules.getByRole('button', { name: 'Save role rules' }).click();
    await expect(rules.getByText('Role rules saved.')).toBeVisible();
    await expect.poll(() => discord.guild.rolesOf(LINKED)).toEqual([MEMBER, OWN_ROLE, VERIFIED].sort());
    await page.reload();
    await page.getByRole('tab', { name: 'Reminders' }).click();
    const audit = page.getByRole('list', { name: 'Role changes, newest first' });
    await expect(audit).toContainText(`+ role Verified (${VERIFIED})`);
    await expect(audit).toContainText('member in the game');
    expect(discord.guild.members.get(LINKED)!.nick).toMatch(/^[^<>]+ \| Demo Royale/);
    await axeClean(page);
    await shot(page, 'discord-roles-audit');
  });
});
