import { describe, expect, it } from 'vitest';
import { isFinalMondayOfMonth, monthOfWeekEnd } from '#server/modules/war/new-york';

describe('month of a week = month of its end in New York (docs/war-tracking.md)', () => {
  it.each([
    // Real createdDate: 05:37 EDT on Monday June 1 is in June.
    ['2026-06-01T09:37:06Z', 2026, 6],
    // Both sides of the same edge at New York midnight (EDT, UTC−4).
    ['2026-06-01T03:59:59Z', 2026, 5],
    ['2026-06-01T04:00:00Z', 2026, 6],
    // In winter the edge is at 05:00 UTC (EST, UTC−5): a fixed −4 offset would get this wrong.
    ['2026-12-01T04:30:00Z', 2026, 11],
    ['2026-12-01T05:00:00Z', 2026, 12],
    ['2027-01-01T04:59:59Z', 2026, 12],
    ['2026-04-27T09:37:06Z', 2026, 4],
  ])('%s → %i-%i', (iso, year, month) => {
    expect(monthOfWeekEnd(new Date(iso))).toEqual({ year, month });
  });
});

describe('final Monday of the month in New York (docs/product.md §9)', () => {
  it.each([
    // June 2026 has five Mondays (1, 8, 15, 22, 29).
    ['2026-06-22T15:00:00Z', false],
    ['2026-06-29T15:00:00Z', true],
    // August 2026 has five Mondays too; the 24th is the fourth, not the final.
    ['2026-08-24T15:00:00Z', false],
    ['2026-08-31T15:00:00Z', true],
    // February 2027 has four Mondays.
    ['2027-02-22T16:00:00Z', true],
    // Monday 22:00 in New York is already Tuesday in UTC.
    ['2026-06-30T02:00:00Z', true],
    // Monday 01:00 UTC is still Sunday evening in New York.
    ['2026-06-29T01:00:00Z', false],
    ['2026-06-28T15:00:00Z', false],
    // 11:00 New York on the final Monday of November 2026 (EST) and of March 2027 (EDT).
    ['2026-11-30T16:00:00Z', true],
    ['2027-03-29T15:00:00Z', true],
  ])('%s → %s', (iso, expected) => {
    expect(isFinalMondayOfMonth(new Date(iso))).toBe(expected);
  });
});
