import type { DeckPart } from './deck-report.js';

const count = (p: { decksUsed: number; maxDecksUsed: number }) =>
  p.decksUsed === p.maxDecksUsed ? `${p.decksUsed}` : `${p.decksUsed}–${p.maxDecksUsed}`;

/**
 * Where a day's decks went (docs/war-tracking.md §5, "One day, one clan"): "2 here, 2 in Demo Academy", and the decks
 * the counters show outside the family ("1 outside the family, not counted"). Empty when every deck was played here.
 */
export function partsText(p: { parts?: readonly DeckPart[]; outside?: number }, name = (n: string) => n): string {
  const parts = (p.parts ?? []).map((x) =>
    x.clanName === null ? `${count(x)} here` : `${count(x)} in ${name(x.clanName)}`,
  );
  if (p.outside) parts.push(`${p.outside} outside the family, not counted`);
  return parts.join(', ');
}
