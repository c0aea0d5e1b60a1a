import { describe, expect, it } from 'vitest';
import type { MemberDay, MemberWeek } from '#contracts/member-page';
import { mergeClanTitles, mergeClanWeeks } from '#server/modules/members/member-family-history';

/**
 * One history across the family (docs/decisions/105-family-week-and-member-pages.md), worked by hand: the player was
 * in Academy for battle days 1 and 2 of week 138/2, moved to the main clan on day 3 and played all four on day 4.
 */
const ACADEMY = { tag: '#ACADEMY', name: 'Academy' };
const MAIN = { tag: '#MAIN', name: 'Main' };
const counted = (day: number, decks: number): MemberDay => ({
  day,
  note: 'counted',
  decksUsed: decks,
  decksUsedMax: decks,
});
const silent = (day: number, note: 'not-in-clan' | 'not-reported'): MemberDay => ({
  day,
  note,
  decksUsed: null,
  decksUsedMax: null,
});
const week = (sectionIndex: number, fame: number | null, decks: number | null, days: MemberDay[]): MemberWeek => ({
  seasonId: 138,
  sectionIndex,
  title: `Season 138 · Week ${sectionIndex + 1}`,
  stored: true,
  fame,
  decksUsed: decks,
  days,
});

const academyWeeks = [
  week(1, 2000, 16, [counted(1, 4), counted(2, 4), counted(3, 4), counted(4, 4)]),
  week(2, 400, 7, [counted(1, 4), counted(2, 3), silent(3, 'not-in-clan'), silent(4, 'not-reported')]),
];
const mainWeeks = [
  week(2, 1200, 6, [
    silent(1, 'not-in-clan'),
    silent(2, 'not-in-clan'),
    { day: 3, note: 'joined', decksUsed: 2, decksUsedMax: 2 },
    counted(4, 4),
  ]),
  week(3, null, null, [counted(1, 4), silent(2, 'not-reported'), silent(3, 'not-reported'), silent(4, 'not-reported')]),
];

describe('a member history across two clans of the family', () => {
  const merged = mergeClanWeeks([
    { clan: MAIN, names: [], weeks: mainWeeks, titles: [] },
    { clan: ACADEMY, names: [], weeks: academyWeeks, titles: [] },
  ]);

  it('keeps one row per week, oldest first', () => {
    expect(merged.map((w) => w.sectionIndex)).toEqual([1, 2, 3]);
  });

  it('adds the two clans’ parts of the week of the move, each part kept', () => {
    const moved = merged[1]!;
    expect([moved.fame, moved.decksUsed]).toEqual([1600, 13]);
    expect(moved.parts).toEqual([
      { clan: MAIN, fame: 1200, decksUsed: 6 },
      { clan: ACADEMY, fame: 400, decksUsed: 7 },
    ]);
  });

  it('reads each battle day from the clan whose report speaks of the player', () => {
    expect(merged[1]!.days).toEqual([
      { ...counted(1, 4), clanTag: ACADEMY.tag },
      { ...counted(2, 3), clanTag: ACADEMY.tag },
      { day: 3, note: 'joined', decksUsed: 2, decksUsedMax: 2, clanTag: MAIN.tag },
      { ...counted(4, 4), clanTag: MAIN.tag },
    ]);
  });

  it('says "not reported" when a clan has no report of a day, "not in clan" only when every clan reported it', () => {
    const academyOnly = mergeClanWeeks([
      { clan: ACADEMY, names: [], weeks: [academyWeeks[1]!], titles: [] },
      {
        clan: MAIN,
        names: [],
        weeks: [
          week(
            2,
            0,
            0,
            [1, 2, 3, 4].map((d) => silent(d, 'not-reported')),
          ),
        ],
        titles: [],
      },
    ])[0]!;
    expect(academyOnly.days.slice(2).map((d) => [d.note, d.clanTag])).toEqual([
      ['not-reported', null],
      ['not-reported', null],
    ]);
    const both = mergeClanWeeks([
      {
        clan: ACADEMY,
        names: [],
        weeks: [
          week(
            4,
            null,
            null,
            [1, 2, 3, 4].map((d) => silent(d, 'not-in-clan')),
          ),
        ],
        titles: [],
      },
      {
        clan: MAIN,
        names: [],
        weeks: [
          week(
            4,
            null,
            null,
            [1, 2, 3, 4].map((d) => silent(d, 'not-in-clan')),
          ),
        ],
        titles: [],
      },
    ])[0]!;
    expect(both.days.map((d) => d.note)).toEqual(['not-in-clan', 'not-in-clan', 'not-in-clan', 'not-in-clan']);
  });

  it('leaves fame and decks unknown for a week in no clan’s log yet', () => {
    expect([merged[2]!.fame, merged[2]!.decksUsed]).toEqual([null, null]);
  });

  it('lists each clan’s titles with the clan, newest first', () => {
    const title = (year: number, month: number) => ({
      year,
      month,
      fameEarned: 9000,
      shared: false,
      inProgress: false,
    });
    const titles = mergeClanTitles([
      { clan: ACADEMY, names: [], weeks: [], titles: [title(2026, 9)] },
      { clan: MAIN, names: [], weeks: [], titles: [title(2026, 11), title(2026, 8)] },
    ]);
    expect(titles.map((t) => `${t.year}-${t.month} ${t.clanTag}`)).toEqual([
      '2026-11 #MAIN',
      '2026-9 #ACADEMY',
      '2026-8 #MAIN',
    ]);
  });
});
