import { describe, expect, it } from 'vitest';
import type { MonthlyChampion } from '#contracts/public';
import { labelChampions } from './champion-labels';

const c = (
  playerName: string,
  month: number,
  fameEarned: number,
  flags: Partial<MonthlyChampion> = {},
): MonthlyChampion => ({
  playerName,
  playerTag: `#${playerName}`,
  month,
  year: 2026,
  fameEarned,
  isCurrentChampion: false,
  isChampionOnTheRise: false,
  ...flags,
});

describe('labelChampions', () => {
  it('crowns the current champion and names tied players of the same month co-champions', () => {
    const labels = labelChampions([
      c('rise', 7, 9000, { isChampionOnTheRise: true }),
      c('king', 6, 12000, { isCurrentChampion: true }),
      c('twin', 6, 12000),
      c('close', 6, 11999),
      c('old', 5, 8000),
    ]).map((x) => [x.playerName, x.label, x.leadingMonth]);
    expect(labels).toEqual([
      ['rise', null, true],
      ['king', 'current', false],
      ['twin', 'co-champion', false],
      ['close', null, false],
      ['old', null, false],
    ]);
  });

  it('treats a tie in an older month as co-champions too', () => {
    const labels = labelChampions([c('a', 3, 500), c('b', 3, 500), c('d', 4, 500)]).map((x) => x.label);
    expect(labels).toEqual(['co-champion', 'co-champion', null]);
  });

  it('is empty for no data', () => {
    expect(labelChampions([])).toEqual([]);
  });
});
