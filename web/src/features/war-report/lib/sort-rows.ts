import type { MemberRow } from '#contracts/war-insights';

export type WarSortColumn = 'name' | 'role' | 'lastFame' | 'totalFame' | 'decks';
export interface WarSort {
  column: WarSortColumn;
  direction: 'asc' | 'desc';
}

export const DEFAULT_WAR_SORT: WarSort = { column: 'lastFame', direction: 'desc' };

const ROLE_ORDER = { leader: 4, coleader: 3, elder: 2, member: 1 } as const;
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Decks certainly used on the newest war's counted days. */
export const decksUsed = (m: MemberRow) =>
  m.days.reduce((n, d) => n + (d.note === 'not-reported' ? 0 : d.decksUsed), 0);

const key: Record<Exclude<WarSortColumn, 'name'>, (m: MemberRow) => number> = {
  role: (m) => ROLE_ORDER[m.role],
  lastFame: (m) => m.lastFame,
  totalFame: (m) => m.totalFame,
  decks: decksUsed,
};

/** Clicking the sorted column reverses it; another column starts descending (the name ascending). */
export function nextWarSort(current: WarSort, column: WarSortColumn): WarSort {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: column === 'name' ? 'asc' : 'desc' };
}

/** A sorted copy; ties fall back to the name, then the tag, so the order is stable. */
export function sortWarRows(rows: readonly MemberRow[], sort: WarSort, nameOf: (m: MemberRow) => string): MemberRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const byName = (a: MemberRow, b: MemberRow) => collator.compare(nameOf(a), nameOf(b)) || a.tag.localeCompare(b.tag);
  if (sort.column === 'name') return [...rows].sort((a, b) => sign * byName(a, b));
  const k = key[sort.column];
  return [...rows].sort((a, b) => sign * (k(a) - k(b)) || byName(a, b));
}
