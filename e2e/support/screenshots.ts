import fs from 'node:fs';
import type { Page } from '@playwright/test';

/** Where the specs' screenshots go (opened and checked by a person after a change to a page). */
export const SHOTS_DIR = process.env.SHOTS_DIR ?? 'test-results/screenshots';

/** Full-page screenshots at desktop (1280 px) and phone (390 px) width, then back to desktop. */
export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  for (const [label, width] of [
    ['desktop', 1280],
    ['phone', 390],
  ] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
