import { describe, expect, it } from 'vitest';
import type { Member } from '#contracts/public';
import { DEFAULT_SORT, nextSort, sortMembers, type SortColumn } from './sort-members';

const member = (name: string, over: Partial<Member>): Member & { displayName: string } => ({
  playerTag: `#${name.toUpperCase()}`,
  name,
  displayName: name,
  role: 'member',
  trophies: 5000,
  bestTrophies: 6000,
  polLeagueNumber: null,
  polTrophies: null,
  mergeTacticsScore: null,
  mergeTacticsArena: null,
  donations: 0,
  wins: 0,
  losses: 0,
  expLevel: 40,
  ...over,
});

const roster = [
  member('bravo', {
    polLeagueNumber: 2,
    polTrophies: 100,
    trophies: 9000,
    wins: 10,
    losses: 10,
    donations: 50,
    mergeTacticsScore: 800,
  }),
  member('alpha', {
    polLeagueNumber: 3,
    polTrophies: 0,
    trophies: 7000,
    wins: 3,
    losses: 1,
    donations: 200,
    expLevel: 50,
  }),
  member('Charlie', {
    trophies: 9999,
    bestTrophies: 9999,
    wins: 0,
    losses: 0,
    donations: 10,
    mergeTacticsScore: 1200,
    expLevel: 30,
  }),
];
const names = (sorted: { displayName: string }[]) => sorted.map((m) => m.displayName);

describe('sortMembers', () => {
  it('defaults to ranked status descending by league × 10000 + polTrophies + trophies', () => {
    expect(DEFAULT_SORT).toEqual({ column: 'ranked', direction: 'desc' });
    // alpha 37000, bravo 29100, Charlie 9999
    expect(names(sortMembers(roster, DEFAULT_SORT))).toEqual(['alpha', 'bravo', 'Charlie']);
    expect(names(sortMembers(roster, { column: 'ranked', direction: 'asc' }))).toEqual(['Charlie', 'bravo', 'alpha']);
  });

  it('sorts names case-insensitively', () => {
    expect(names(sortMembers(roster, { column: 'name', direction: 'asc' }))).toEqual(['alpha', 'bravo', 'Charlie']);
    expect(names(sortMembers(roster, { column: 'name', direction: 'desc' }))).toEqual(['Charlie', 'bravo', 'alpha']);
  });

  it.each<[SortColumn, string[]]>([
    ['trophies', ['Charlie', 'bravo', 'alpha']],
    ['bestTrophies', ['Charlie', 'alpha', 'bravo']],
    ['donations', ['alpha', 'bravo', 'Charlie']],
    ['level', ['alpha', 'bravo', 'Charlie']],
    ['winRate', ['alpha', 'bravo', 'Charlie']],
    ['mergeTactics', ['Charlie', 'bravo', 'alpha']],
  ])('%s descending', (column, expected) => {
    expect(names(sortMembers(roster, { column, direction: 'desc' }))).toEqual(expected);
  });

  it('keeps missing values last in both directions', () => {
    expect(names(sortMembers(roster, { column: 'winRate', direction: 'asc' }))).toEqual(['bravo', 'alpha', 'Charlie']);
    expect(names(sortMembers(roster, { column: 'mergeTactics', direction: 'asc' }))).toEqual([
      'bravo',
      'Charlie',
      'alpha',
    ]);
  });

  it('does not change its input', () => {
    const copy = [...roster];
    sortMembers(roster, { column: 'name', direction: 'asc' });
    expect(roster).toEqual(copy);
  });
});

describe('nextSort', () => {
  it('starts numeric columns descending and the name ascending', () => {
    expect(nextSort(DEFAULT_SORT, 'trophies')).toEqual({ column: 'trophies', direction: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'name')).toEqual({ column: 'name', direction: 'asc' });
  });

  it('reverses on a second click', () => {
    expect(nextSort({ column: 'trophies', direction: 'desc' }, 'trophies')).toEqual({
      column: 'trophies',
      direction: 'asc',
    });
    expect(nextSort({ column: 'name', direction: 'asc' }, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'ranked')).toEqual({ column: 'ranked', direction: 'asc' });
  });
});
