import { describe, expect, it } from 'vitest';
import { MIN_INTERVAL_MINUTES, describeSchedule, nextOccurrences, validateSchedule } from '../../src/scripts/cron.js';

const NY = 'America/New_York';
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

// docs/decisions/007-dst-policy.md (croner 11.0.1 pinned)
describe('schedules across daylight saving in New York', () => {
  it.each([
    [
      'fall back 2026-11-01: inactive players keeps 05:55 New York',
      '55 5 * * *',
      '2026-10-30T12:00:00Z',
      ['2026-10-31T09:55:00.000Z', '2026-11-01T10:55:00.000Z', '2026-11-02T10:55:00.000Z'],
    ],
    [
      'spring forward 2027-03-14: inactive players keeps 05:55 New York',
      '55 5 * * *',
      '2027-03-12T12:00:00Z',
      ['2027-03-13T10:55:00.000Z', '2027-03-14T09:55:00.000Z', '2027-03-15T09:55:00.000Z'],
    ],
    [
      'river race log, Mondays around 2026-11-01',
      '0 10 * * 1',
      '2026-10-20T12:00:00Z',
      ['2026-10-26T14:00:00.000Z', '2026-11-02T15:00:00.000Z', '2026-11-09T15:00:00.000Z'],
    ],
    [
      'river race log, Mondays around 2027-03-14',
      '0 10 * * 1',
      '2027-03-02T12:00:00Z',
      ['2027-03-08T15:00:00.000Z', '2027-03-15T14:00:00.000Z', '2027-03-22T14:00:00.000Z'],
    ],
    [
      'monthly fame, Mondays around 2026-11-01',
      '0 11 * * 1',
      '2026-10-20T12:00:00Z',
      ['2026-10-26T15:00:00.000Z', '2026-11-02T16:00:00.000Z', '2026-11-09T16:00:00.000Z'],
    ],
    [
      'monthly fame, Mondays around 2027-03-14',
      '0 11 * * 1',
      '2027-03-02T12:00:00Z',
      ['2027-03-08T16:00:00.000Z', '2027-03-15T15:00:00.000Z', '2027-03-22T15:00:00.000Z'],
    ],
    [
      '01:30 in the repeated hour runs once, at the first (EDT) copy',
      '30 1 * * *',
      '2026-10-31T12:00:00Z',
      ['2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z', '2026-11-03T06:30:00.000Z'],
    ],
    [
      'a list in the repeated hour does not double (no-wildcard)',
      '30 1,13 * * *',
      '2026-10-31T12:00:00Z',
      ['2026-10-31T17:30:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-01T18:30:00.000Z'],
    ],
    [
      '02:30 in the missing hour runs at 03:00 EDT that day',
      '30 2 * * *',
      '2027-03-13T12:00:00Z',
      ['2027-03-14T07:00:00.000Z', '2027-03-15T06:30:00.000Z', '2027-03-16T06:30:00.000Z'],
    ],
  ])('%s', (_name, cron, from, expected) => {
    expect(iso(nextOccurrences(cron, NY, new Date(from), 3))).toEqual(expected);
  });
});

describe('schedule validation (same parser as the scheduler)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each([
    ['', /Enter a cron expression/],
    ['0 10 * *', /exactly 5 fields/],
    ['0 0 10 * * 1', /exactly 5 fields/],
    ['@weekly', /may only use/],
    ['61 10 * * 1', /not a valid cron expression/],
    ['0 25 * * *', /not a valid cron expression/],
    ['* * * * *', new RegExp(`every ${MIN_INTERVAL_MINUTES} minutes`)],
    ['0,1 3 * * *', /every 5 minutes/],
    ['0 0 30 2 *', /never runs/],
    ['0 10 * * 1; rm -rf /', /may only use/],
    [`0 10 * * ${'1,'.repeat(60)}1`, /at most 100 characters/],
  ])('refuses %j', (text, error) => {
    const check = validateSchedule(text, NY, now);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error).toMatch(error);
  });

  it.each(['55 5 * * *', '0 10 * * 1', '*/5 * * * *', '  0   11 * *   MON ', '0 9 1-7 * 1'])('accepts %j', (text) => {
    const check = validateSchedule(text, NY, now);
    expect(check).toMatchObject({ ok: true });
  });

  it('normalises spaces and describes the schedule in words', () => {
    expect(validateSchedule('  0   11 * *   MON ', NY, now)).toEqual({ ok: true, pattern: '0 11 * * MON' });
    expect(describeSchedule('55 5 * * *')).toBe('At 05:55 AM');
    expect(describeSchedule('0 10 * * 1')).toBe('At 10:00 AM, only on Monday');
  });
});
