import { describe, expect, it } from 'vitest';
import { rankedScore, rankedStatus } from './ranked-status';

const m = (polLeagueNumber: number | null, trophies: number | null, polTrophies: number | null = null) => ({
  polLeagueNumber,
  trophies,
  polTrophies,
});

describe('rankedStatus', () => {
  it.each([
    [1, 'Master I'],
    [2, 'Master II'],
    [3, 'Master III'],
    [4, 'Champion'],
    [5, 'Grand Champion'],
    [6, 'Royal Champion'],
    [7, 'Ultimate Champion'],
  ])('league %i is %s', (league, label) => {
    expect(rankedStatus(m(league, 3000))).toEqual({ label, tier: 'league' });
  });

  it('an unknown league number is Unranked, whatever the trophies', () => {
    expect(rankedStatus(m(9, 9000)).label).toBe('Unranked');
    expect(rankedStatus(m(-1, 100)).label).toBe('Unranked');
  });

  it('no league: Ranked from 5000 trophies, else Ladder', () => {
    expect(rankedStatus(m(null, 5000)).label).toBe('Ranked');
    expect(rankedStatus(m(0, 7200)).label).toBe('Ranked');
    expect(rankedStatus(m(null, 4999)).label).toBe('Ladder');
    expect(rankedStatus(m(null, null)).label).toBe('Ladder');
  });
});

describe('rankedScore', () => {
  it('is league × 10000 + polTrophies + trophies', () => {
    expect(rankedScore(m(4, 8000, 1500))).toBe(49500);
    expect(rankedScore(m(null, 6000, null))).toBe(6000);
  });
});
