import { describe, expect, it } from 'vitest';
import type { BattleDay } from '#server/modules/war/types';
import {
  battleDayOf,
  isColosseumWeek,
  monthOfSeason,
  periodIndexOf,
  raceAfterLogItem,
  seasonIdForMonth,
  seasonStartDate,
  seasonWeekOf,
  weekOfLogItem,
} from '#server/modules/war/calendar';
import { fixtureLogWeeks, fixtureSnapshot } from '../../helpers/cr-fixtures.js';

describe('day of the week from periodIndex (docs/clash-royale-api.md §7.1)', () => {
  it.each([
    [0, null],
    [2, null],
    [3, 1],
    [6, 4],
    [7, null],
    [17, 1],
    [27, 4],
    [30, null],
    [33, 3],
  ])('periodIndex %i → battle day %s', (periodIndex, day) => {
    expect(battleDayOf(periodIndex)).toBe(day);
  });

  it.each([
    ['currentriverrace.json', 4],
    ['currentriverrace.warday-inprogress.json', 2],
    ['currentriverrace.colosseum.json', 3],
    ['currentriverrace.training.json', null],
  ] as const)('%s is battle day %s, matching its recorded date', (file, day) => {
    const s = fixtureSnapshot(file, new Date());
    expect(battleDayOf(s.periodIndex)).toBe(day);
    if (day !== null) expect(periodIndexOf(s.sectionIndex, day as BattleDay)).toBe(s.periodIndex);
  });
});

describe('season ids (docs/clash-royale-api.md §7.7)', () => {
  it.each([
    [2025, 11, 126],
    [2025, 12, 127],
    [2026, 1, 128],
    [2026, 6, 133],
    [2026, 9, 136],
  ])('%i-%i is season %i', (year, month, id) => {
    expect(seasonIdForMonth(year, month)).toBe(id);
    expect(monthOfSeason(id)).toEqual({ year, month });
  });

  it.each([
    [131, '2026-04-06'],
    [132, '2026-05-04'],
    [133, '2026-06-01'],
    [127, '2025-12-01'],
  ])('season %i starts on the first Monday %s', (id, date) => {
    expect(seasonStartDate(id).toISOString().slice(0, 10)).toBe(date);
  });
});

describe('log items → weeks (riverracelog.json)', () => {
  const weeks = fixtureLogWeeks();

  it('maps 133/3 to the week of 2026-06-22 … 06-29', () => {
    const item = weeks.find((w) => w.seasonId === 133 && w.sectionIndex === 3)!;
    const { start, end } = weekOfLogItem(item.createdDate);
    expect(start.toISOString()).toBe('2026-06-22T09:37:06.000Z');
    expect(end.toISOString()).toBe('2026-06-29T09:37:06.000Z');
  });

  it.each(fixtureLogWeeks().map((w) => [`${w.seasonId}/${w.sectionIndex}`, w] as const))(
    'the calendar gives %s its own season, week and colosseum flag',
    (_label, week) => {
      const { start } = weekOfLogItem(week.createdDate);
      expect(seasonWeekOf(start)).toEqual({ seasonId: week.seasonId, sectionIndex: week.sectionIndex });
      // Colosseum weeks have no finish line: the log records the total medals above 10,000 (§7.5).
      expect(isColosseumWeek(start)).toBe(week.clanFame > 10_000);
    },
  );

  it('the live race follows the newest item; a colosseum item starts the next season', () => {
    const [newest] = weeks;
    expect(raceAfterLogItem(newest!)).toEqual({ seasonId: 133, sectionIndex: 4 });
    const colosseum = weeks.find((w) => w.seasonId === 132 && w.sectionIndex === 3)!;
    expect(raceAfterLogItem(colosseum)).toEqual({ seasonId: 133, sectionIndex: 0 });
  });

  it('recognises colosseum week from its training days, where periodType still says training', () => {
    const training = fixtureSnapshot('currentriverrace.training.json', new Date('2026-07-01T15:00:00Z'));
    expect(training.periodType).toBe('training');
    expect(isColosseumWeek(new Date('2026-06-29T09:37:06Z'))).toBe(true);
    expect(seasonWeekOf(new Date('2026-06-29T09:37:06Z'))).toEqual({
      seasonId: 133,
      sectionIndex: training.sectionIndex,
    });
  });

  it('handles a season that starts in a new year', () => {
    // Season 139 starts on Monday 2026-12-07, so the week from Dec 28 is its fourth and last.
    expect(seasonWeekOf(new Date('2026-12-28T09:40:00Z'))).toEqual({ seasonId: 139, sectionIndex: 3 });
    expect(isColosseumWeek(new Date('2026-12-28T09:40:00Z'))).toBe(true);
    expect(seasonWeekOf(new Date('2027-01-04T09:40:00Z'))).toEqual({ seasonId: 140, sectionIndex: 0 });
  });
});
