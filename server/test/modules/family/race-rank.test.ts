import { describe, expect, it } from 'vitest';
import { raceRank } from '#server/modules/family/family-site.service';

const clan = (tag: string, fame: number, periodPoints: number, finishTime: string | null = null) => ({
  tag,
  fame,
  periodPoints,
  finishTime: finishTime ? new Date(finishTime) : null,
  participants: [],
});

describe('a clan’s place in its river race (the family page’s card)', () => {
  // a hand-worked table: A crossed first, C second; B and E tie on progress, E has more medals today
  const race = [
    clan('#B', 6000, 900),
    clan('#C', 10000, 0, '2026-11-27T08:00:00Z'),
    clan('#D', 2000, 4000),
    clan('#E', 6000, 1200),
    clan('#A', 10000, 0, '2026-11-26T20:00:00Z'),
  ];
  it('ranks the clans over the line first, then by progress, then by today’s medals', () => {
    expect(['#A', '#C', '#E', '#B', '#D'].map((t) => raceRank(t, race))).toEqual([1, 2, 3, 4, 5]);
  });
  it('reads the API’s sentinel finish time as not crossed', () => {
    const withSentinel = [clan('#X', 100, 0, '1969-12-31T23:59:59Z'), clan('#Y', 200, 0)];
    expect(raceRank('#X', withSentinel)).toBe(2);
  });
  it('has no place for a clan not in the race', () => {
    expect(raceRank('#Z', race)).toBeNull();
  });
});
