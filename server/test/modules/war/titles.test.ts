import { describe, expect, it } from 'vitest';
import { battleDayStart, dayTitle, weekTitle } from '#server/modules/war/titles';
import { fixtureLogWeeks } from '../../helpers/cr-fixtures.js';

describe('record titles (docs/architecture.md §5) from riverracelog.json', () => {
  const weeks = new Map(fixtureLogWeeks().map((w) => [`${w.seasonId}/${w.sectionIndex}`, w]));

  it.each([
    ['133/3', 'Season 133 · Week 4 · Jun 22–29, 2026'],
    ['133/0', 'Season 133 · Week 1 · Jun 1–8, 2026'],
    ['132/3', 'Season 132 · Week 4 · May 25–Jun 1, 2026'],
    ['131/3', 'Season 131 · Week 4 · Apr 27–May 4, 2026'],
  ])('week %s is "%s"', (key, title) => {
    const w = weeks.get(key)!;
    expect(weekTitle(w.seasonId, w.sectionIndex, w.createdDate)).toBe(title);
  });

  it.each([
    [1, 'Season 133 · Week 4 · Battle day 1 · Jun 25, 2026'],
    [2, 'Season 133 · Week 4 · Battle day 2 · Jun 26, 2026'],
    [4, 'Season 133 · Week 4 · Battle day 4 · Jun 28, 2026'],
  ] as const)('battle day %i of 133/3 is "%s"', (day, title) => {
    const w = weeks.get('133/3')!;
    expect(dayTitle(133, 3, day, battleDayStart(w.createdDate, day))).toBe(title);
  });

  it('spans a new year', () => {
    expect(weekTitle(140, 0, new Date('2027-01-04T09:40:00Z'))).toBe('Season 140 · Week 1 · Dec 28, 2026–Jan 4, 2027');
  });
});
