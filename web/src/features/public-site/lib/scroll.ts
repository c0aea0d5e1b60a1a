import { renderEverythingNow } from '../../../lib/render-later';

export const NAV_SECTIONS = [
  { id: 'home', label: 'Home' },
  { id: 'statistics', label: 'Statistics' },
  { id: 'tournaments', label: 'Tournaments' },
  { id: 'members', label: 'Members' },
] as const;

/** How long a jump waits for a section whose code is still on its way (a slow phone, the first seconds). */
const WAIT_MS = 3000;

/**
 * Smooth scroll to a section (docs/product.md §2), instant for people who prefer reduced motion. Sections not
 * rendered yet render first, so the jump lands where the section will stay.
 */
export function scrollToSection(id: string, waitedMs = 0): void {
  renderEverythingNow();
  const target = document.getElementById(id);
  if (!target) {
    if (waitedMs < WAIT_MS) setTimeout(() => scrollToSection(id, waitedMs + 50), 50);
    return;
  }
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
}
