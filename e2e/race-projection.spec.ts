import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { RaceProjectionResponse } from '#contracts/race-projection';
import { ordinal } from '#contracts/race-projection-text';
import { expect, test } from './support/fixtures';
import { SHOTS_DIR } from './support/screenshots';

/**
 * Where the race will end (docs/war-tracking.md): the family cards' projection line and a clan page's War card
 * ("This week's race") against the demo family of three, each checked against the clan's own projection answer.
 * On training days the card and the line say when the projection comes.
 */
const axe = (page: Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);

const projectionOf = async (request: APIRequestContext, tag: string) => {
  const res = await request.get(`/api/clans/${tag.slice(1)}/war/projection`);
  expect(res.status()).toBe(200);
  return (await res.json()) as RaceProjectionResponse;
};

async function shotOf(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

test.use({ serverEnv: { DEMO_FAMILY: '1' } });

test.describe('the race projection on the public pages', () => {
  test.slow();

  test('each family card says where its race is projected to end @phone', async ({ page, request }) => {
    await page.goto('/');
    const cards = page.getByTestId('clan-card');
    await expect(cards).toHaveCount(3);
    for (let k = 0; k < 3; k++) {
      const card = cards.nth(k);
      const tag = (await card.getAttribute('data-tag'))!;
      const { projection } = await projectionOf(request, tag);
      const line = card.getByTestId('card-projection');
      const ours = projection?.clans.find((c) => c.tag === tag);
      if (!ours) await expect(line).toHaveText('Projected on battle days');
      else if (ours.finished) await expect(line).toHaveText('Over the finish line');
      else {
        await expect(line).toContainText('Projected');
        await expect(line).toContainText(ordinal(ours.place.mid));
      }
    }
    await shotOf(page, 'race-projection-family');
    expect((await axe(page).analyze()).violations).toEqual([]);
  });

  test("a clan page's War card lists every clan of the race, ours marked, with ranges @phone", async ({
    page,
    request,
  }) => {
    const family = (await (await request.get('/api/clans')).json()) as { clans: { tag: string }[] };
    const tag = family.clans[0]!.tag;
    const body = await projectionOf(request, tag);
    await page.goto(`/clans/${tag.slice(1)}`);
    const card = page.getByTestId('race-projection');
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole('heading', { name: 'This week’s race' })).toBeVisible();
    if (body.projection) {
      await expect(card).toContainText(`Projected on battle day ${body.projection.day}`);
      await expect(card).toContainText('8 in 10 played-out weeks fall in these ranges');
      const rows = card.getByRole('table').locator('tbody tr');
      await expect(rows).toHaveCount(body.projection.clans.length);
      const ours = body.projection.clans.find((c) => c.tag === tag)!;
      await expect(rows.filter({ hasText: ours.name })).toHaveClass(/font-semibold/);
      await expect(card).toContainText('Track record:');
    } else {
      await expect(card).toContainText('Projected on battle days (Thursday to Sunday)');
    }
    await card.screenshot({ path: `${SHOTS_DIR}/race-projection-card-${page.viewportSize()!.width}.png` });
    expect((await axe(page).include('[data-testid="race-projection"]').analyze()).violations).toEqual([]);
  });
});
