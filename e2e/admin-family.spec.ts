import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { SHOTS_DIR } from './support/screenshots';
import { logIn } from './support/admin';

test.describe.configure({ mode: 'serial' });

/** The demo's main clan (CLAN_TAG's default in demo mode). */
const MAIN_TAG = '#2PQ8L0C';

const axe = (page: Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);

async function openFamily(page: Page) {
  await logIn(page);
  await page.getByRole('tab', { name: 'Family' }).click();
  const clans = page.getByRole('list', { name: 'Clans of the family' });
  await expect(clans.getByRole('listitem').first()).toContainText(`Main clan · ${MAIN_TAG}`);
  return clans;
}

/** A full-page screenshot at the viewport's width, named after it. */
async function shotAt(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

/**
 * The Family tab (docs/decisions/100-clan-family-data-model.md): the main clan, adding a clan by a tag typed loosely,
 * the API's refusals next to the field, removing through the confirmation; at desktop width and at 390 px.
 */
test.describe('Family tab', () => {
  test('adds a clan by a loose tag, shows the refusals and removes it after confirming @phone', async ({ page }) => {
    const width = page.viewportSize()!.width;
    // each project adds its own clan: the two share the spec file's server
    const [typed, tag] = width < 640 ? ['9yqc2lr0', '#9YQC2LR0'] : ['y2rc0lq8', '#Y2RC0LQ8'];
    const clans = await openFamily(page);
    const main = clans.getByRole('listitem').first();
    await expect(main.getByRole('button', { name: /Remove/ })).toHaveCount(0);
    const count = page.getByText(/^\d+ of 10 clans$/);
    const before = Number((await count.textContent())!.split(' ')[0]);
    expect((await axe(page).analyze()).violations).toEqual([]);

    const field = page.getByLabel('Clan tag');
    await expect(field).toHaveAccessibleDescription(/#ABC123 — any case, with or without #/);
    await field.fill(typed);
    await page.getByRole('button', { name: 'Add clan' }).click();
    const row = clans.getByRole('listitem').filter({ hasText: tag });
    await expect(row).toContainText(/Added \w{3} \d{1,2}, \d{4}/);
    await expect(count).toHaveText(`${before + 1} of 10 clans`);
    await expect(field).toHaveValue('');

    await field.fill('hello!');
    await page.getByRole('button', { name: 'Add clan' }).click();
    const form = page.getByRole('form', { name: 'Add a clan' });
    await expect(form.getByRole('alert')).toHaveText('That is not a clan tag such as #2PQ8L0C.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/That is not a clan tag/);

    await field.fill(`#${typed}`);
    await page.getByRole('button', { name: 'Add clan' }).click();
    await expect(form.getByRole('alert')).toHaveText(`${tag} is already in the family.`);
    await shotAt(page, 'family-tab');
    expect((await axe(page).analyze()).violations).toEqual([]);

    await row.getByRole('button', { name: `Remove ${tag} from the family` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Remove ${tag}?` });
    await expect(dialog).toContainText('add the same tag again to bring the clan back with its history');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await shotAt(page, 'family-remove-dialog');
    expect((await axe(page).analyze()).violations).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: `Remove ${tag} from the family` }).click();
    await dialog.getByRole('button', { name: 'Remove clan' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    await expect(count).toHaveText(`${before} of 10 clans`);
    await expect(count).toBeFocused();
  });
});
