import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { MemberPageResponse } from '#contracts/member-page';
import { expect, test } from './support/fixtures';
import { shot } from './support/screenshots';

// The demo family (docs/decisions/103-demo-family-and-public-site.md): three simulated clans with moves, whose replayed
// history lands in member_moves. The first test also waits for the server's first start.
test.use({ serverEnv: { DEMO_FAMILY: '1' } });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const axe = (page: Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);

/** A main clan member whose page shows a move within the family (the demo's replay holds several). */
async function findMover(request: APIRequestContext): Promise<MemberPageResponse> {
  const members = (await (await request.get('/api/clan/members')).json()) as { members: { playerTag: string }[] };
  for (const m of members.members) {
    const res = await request.get(`/api/clan/members/${encodeURIComponent(m.playerTag)}/history`);
    const page = (await res.json()) as MemberPageResponse;
    if ((page.moves ?? []).length > 0 && page.inClan) return page;
  }
  throw new Error('no member of the demo family moved');
}

const plain = (name: string) => name.replace(/<\/?c\d*>/g, '').trim();

test.describe('a member who moved within the family', () => {
  test('their page names the clan, "in the family since", and lists the moves', async ({ page }) => {
    const mover = await findMover(page.request);
    await page.goto(`/members/${encodeURIComponent(mover.tag)}`);
    await expect(page.getByTestId('member-name')).toHaveText(plain(mover.name));
    const clan = mover.clan!.name ?? mover.clan!.tag;
    await expect(page.getByTestId('member-status')).toContainText(`Member of ${clan} since`);
    if (mover.familyFirstSeenAt)
      await expect(page.getByTestId('member-family-since')).toContainText('In the family since');
    const moves = page.getByTestId('family-move');
    await expect(moves).toHaveCount(mover.moves!.length);
    // newest first: the last move's destination is the clan the player is in now
    const last = mover.moves!.at(-1)!;
    await expect(moves.first()).toContainText(`${last.from.name ?? last.from.tag}`);
    await expect(moves.first()).toContainText(`${last.to.name ?? last.to.tag}`);
    await expect(page.getByTestId('war-week').first()).toBeVisible();
    await shot(page, 'member-page-family');
  });

  test('the page of a mover has no accessibility violations at desktop and phone width', async ({ page }) => {
    const mover = await findMover(page.request);
    await page.goto(`/members/${encodeURIComponent(mover.tag)}`);
    await expect(page.getByTestId('family-moves')).toBeVisible();
    expect((await axe(page).analyze()).violations).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect((await axe(page).analyze()).violations).toEqual([]);
  });
});
