import { describe, expect, it } from 'vitest';
import { seasonIdOfRace, weeksInSeason } from '#server/modules/war/calendar';
import { battleDaysEndedSince, dayClosedAt, firstTrackedDay, lastEndedBattleDay } from '#server/modules/war/war-days';
import { readFixture } from '../../helpers/cr-fixtures.js';

const pos = (seasonId: number, periodIndex: number) => ({
  seasonId,
  sectionIndex: Math.floor(periodIndex / 7),
  periodIndex,
});

describe('which battle day the reset into a period closed', () => {
  it.each([
    // [season, period now] → closed day
    [133, 18, { seasonId: 133, sectionIndex: 2, day: 1 }], // Friday: day 1 closed
    [133, 20, { seasonId: 133, sectionIndex: 2, day: 3 }], // Sunday: day 3
    [133, 21, { seasonId: 133, sectionIndex: 2, day: 4 }], // Monday: day 4 of the week before
    [134, 0, { seasonId: 133, sectionIndex: 4, day: 4 }], // the colosseum week closes into week 0 of the next season
    [133, 22, null], // Tuesday and Wednesday follow training days
    [133, 23, null],
    [133, 24, null], // Thursday: day 1 just began
  ] as const)('season %i period %i', (season, period, closed) => {
    expect(dayClosedAt(pos(season, period))).toEqual(closed);
  });
});

describe('battle days owed since tracking began', () => {
  it('walks across a colosseum week into the next season in the API’s own indexes', () => {
    // Season 133 (June 2026) has 5 weeks: week index 4 is the colosseum (recorded logs).
    expect(weeksInSeason(133)).toBe(5);
    const days = battleDaysEndedSince({ seasonId: 133, sectionIndex: 4, day: 2 }, pos(134, 1));
    expect(days).toEqual([
      { seasonId: 133, sectionIndex: 4, day: 2 },
      { seasonId: 133, sectionIndex: 4, day: 3 },
      { seasonId: 133, sectionIndex: 4, day: 4 },
    ]);
  });

  it('keeps only the newest eight', () => {
    const days = battleDaysEndedSince({ seasonId: 133, sectionIndex: 0, day: 1 }, pos(133, 27));
    expect(days).toHaveLength(8);
    expect(days.at(-1)).toEqual({ seasonId: 133, sectionIndex: 3, day: 3 });
    expect(days[0]).toEqual({ seasonId: 133, sectionIndex: 1, day: 4 });
  });

  it.each([
    // first observation → first day it can report
    [pos(133, 21), { seasonId: 133, sectionIndex: 2, day: 4 }], // a Monday sees last week's day 4 end
    [pos(133, 22), { seasonId: 133, sectionIndex: 3, day: 1 }], // training: this week's day 1
    [pos(133, 24), { seasonId: 133, sectionIndex: 3, day: 1 }], // during day 1
    [pos(133, 26), { seasonId: 133, sectionIndex: 3, day: 2 }], // during day 3: day 2 just ended
  ] as const)('tracking that began at %o can report from %o', (first, day) => {
    expect(firstTrackedDay(first)).toEqual(day);
  });

  it('on a training day the newest ended battle day is last week’s day 4', () => {
    expect(lastEndedBattleDay(pos(133, 23))).toEqual({ seasonId: 133, sectionIndex: 2, day: 4 });
  });
});

describe('the season of a live race, which currentriverrace does not name', () => {
  // Dates of the recordings (server/test/fixtures/cr-api/SOURCES.md) and their known seasons.
  it.each([
    ['currentriverrace.json', '2026-06-28T20:00:00Z', 133],
    ['currentriverrace.warday-inprogress.json', '2026-01-23T19:38:00Z', 128],
    ['currentriverrace.training.json', '2026-07-01T15:00:00Z', 133],
    ['currentriverrace.colosseum.json', '2026-07-04T15:00:00Z', 133],
  ])('%s taken %s is season %i', (file, takenAt, season) => {
    const race = readFixture<{ periodIndex: number }>(file);
    expect(seasonIdOfRace(new Date(takenAt), race.periodIndex)).toBe(season);
  });

  it('holds just after the first reset of a season and hours after a late one', () => {
    // Season 138 (November 2026) starts Monday 2026-11-02, its first Monday.
    expect(seasonIdOfRace(new Date('2026-11-02T09:25:00Z'), 0)).toBe(138);
    expect(seasonIdOfRace(new Date('2026-11-02T13:30:00Z'), 0)).toBe(138);
    expect(seasonIdOfRace(new Date('2026-11-30T09:10:00Z'), 27)).toBe(138); // before the reset into week 5
    expect(seasonIdOfRace(new Date('2026-11-01T09:10:00Z'), 27)).toBe(137); // October's colosseum (4 weeks), last day
  });
});
