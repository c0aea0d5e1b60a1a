import { describe, expect, it } from 'vitest';
import { checkAbsenceDates, excuseFor, isExcused, utcDate, type Absence } from '#server/modules/members/excused';

const absence = (startsOn: string, endsOn: string, status: Absence['status'], reason: string | null = null) => ({
  startsOn,
  endsOn,
  status,
  reason,
});

/** Excused battle days (docs/decisions/081-excused-absences.md), worked out by hand. */
describe('excused absences', () => {
  const absences = [
    absence('2026-11-13', '2026-11-15', 'approved', 'holiday'),
    absence('2026-11-20', '2026-11-20', 'pending'),
    absence('2026-11-21', '2026-11-22', 'rejected'),
    absence('2026-11-28', '2026-11-28', 'approved', 'exam'),
  ];
  it.each([
    ['2026-11-12', false, 'the day before the first day'],
    ['2026-11-13', true, 'the first day'],
    ['2026-11-14', true, 'a middle day'],
    ['2026-11-15', true, 'the last day (inclusive)'],
    ['2026-11-16', false, 'the day after'],
    ['2026-11-20', false, 'a pending absence excuses nothing'],
    ['2026-11-21', false, 'a rejected absence excuses nothing'],
    ['2026-11-28', true, 'a one-day absence'],
    ['2026-11-29', false, 'after the one-day absence'],
  ])('%s is excused: %s (%s)', (date, expected) => {
    expect(isExcused(absences, date)).toBe(expected);
  });

  it('names the absence that covers a day, for its reason', () => {
    expect(excuseFor(absences, '2026-11-14')?.reason).toBe('holiday');
    expect(excuseFor(absences, '2026-11-28')?.reason).toBe('exam');
    expect(excuseFor(absences, '2026-11-20')).toBeNull();
  });

  it('dates a battle day by the UTC calendar date of its reset', () => {
    // a reset at 09:41 UTC on Saturday 14 November is 04:41 in New York, still the 14th
    expect(utcDate(new Date('2026-11-14T09:41:00.000Z'))).toBe('2026-11-14');
    // just before midnight UTC
    expect(utcDate(new Date('2026-11-14T23:59:59.999Z'))).toBe('2026-11-14');
  });

  it.each([
    ['2026-12-01', '2026-12-03', { ok: true, startsOn: '2026-12-01', endsOn: '2026-12-03' }],
    [' 2026-12-01 ', '2026-12-01', { ok: true, startsOn: '2026-12-01', endsOn: '2026-12-01' }],
    ['2026-02-30', '2026-03-02', { ok: false, problem: 'Dates are written YYYY-MM-DD, for example 2026-12-24.' }],
    ['1/12/2026', '2026-12-03', { ok: false, problem: 'Dates are written YYYY-MM-DD, for example 2026-12-24.' }],
    ['2026-12-03', '2026-12-01', { ok: false, problem: 'The last day comes before the first day.' }],
    ['2026-12-01', '2027-01-31', { ok: true, startsOn: '2026-12-01', endsOn: '2027-01-31' }],
    ['2026-12-01', '2027-02-01', { ok: false, problem: 'An absence covers at most 62 days.' }],
    ['2026-10-01', '2026-10-21', { ok: false, problem: 'That absence ended more than 30 days ago.' }],
    ['2026-10-01', '2026-10-22', { ok: true, startsOn: '2026-10-01', endsOn: '2026-10-22' }],
  ])('checks %s to %s', (from, to, expected) => {
    expect(checkAbsenceDates(from, to, '2026-11-21')).toEqual(expected);
  });
});
