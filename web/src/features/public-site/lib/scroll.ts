export const NAV_SECTIONS = [
  { id: 'home', label: 'Home' },
  { id: 'statistics', label: 'Statistics' },
  { id: 'tournaments', label: 'Tournaments' },
  { id: 'members', label: 'Members' },
] as const;

/** Smooth scroll to a section (docs/product.md §2), instant for people who prefer reduced motion. */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
}
