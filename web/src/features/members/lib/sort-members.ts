import type { Member } from '#contracts/public';
import { rankedScore } from './ranked-status';
import { winRate } from './win-rate';

export type SortColumn =
  'name' | 'ranked' | 'trophies' | 'bestTrophies' | 'mergeTactics' | 'donations' | 'wins' | 'winRate' | 'level';
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: SortColumn;
  direction: SortDirection;
}

/** docs/product.md §9: the table opens sorted by ranked status, highest first. */
export const DEFAULT_SORT: SortState = { column: 'ranked', direction: 'desc' };

const numericKey: Record<Exclude<SortColumn, 'name'>, (m: Member) => number | null> = {
  ranked: rankedScore,
  trophies: (m) => m.trophies,
  bestTrophies: (m) => m.bestTrophies,
  mergeTactics: (m) => m.mergeTacticsScore,
  donations: (m) => m.donations,
  wins: (m) => m.wins,
  winRate: (m) => winRate(m.wins, m.losses),
  level: (m) => m.expLevel,
};

/** docs/product.md §9: a new column starts descending, except the player name, which starts ascending. */
export function firstDirection(column: SortColumn): SortDirection {
  return column === 'name' ? 'asc' : 'desc';
}

/** Clicking the sorted column reverses it; another column starts at its first direction. */
export function nextSort(current: SortState, column: SortColumn): SortState {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: firstDirection(column) };
}

/** Made on the first sort, not when the module loads (the module arrives with the page, the sort comes later). */
let collator: Intl.Collator | undefined;
const compareNames = (a: string, b: string) =>
  (collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true })).compare(a, b);

/**
 * A sorted copy. Missing values (no games, no Merge Tactics score) stay at the bottom in both
 * directions; ties fall back to the player name so the order is stable.
 */
export function sortMembers<T extends Member & { displayName: string }>(members: readonly T[], sort: SortState): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const byName = (a: T, b: T) => compareNames(a.displayName, b.displayName);
  if (sort.column === 'name')
    return [...members].sort((a, b) => sign * byName(a, b) || a.playerTag.localeCompare(b.playerTag));
  const key = numericKey[sort.column];
  return [...members].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) return ka === kb ? byName(a, b) : ka === null ? 1 : -1;
    return sign * (ka - kb) || byName(a, b);
  });
}
