import { describe, expect, it } from 'vitest';
import { buildDeckReport, type DeckReport } from '../../../src/modules/war/deck-report.js';
import { startOfDayTotals } from '../../../src/modules/war/deck-totals.js';
import type { RiverRaceSnapshot, RosterMember } from '../../../src/modules/war/types.js';
import { fixtureLogWeeks, fixtureMemberTags, fixtureMembers, fixtureSnapshot } from '../../helpers/cr-fixtures.js';

describe('start-of-day totals from the recorded currentriverrace payloads', () => {
  it.each([
    // file, tag, expected start-of-day total (decksUsed − decksUsedToday)
    ['currentriverrace.json', '#20JJJ2CCRU', 12], // King Thing: 15 used, 3 today
    ['currentriverrace.json', '#U08P889Y0', 1], // Tere: 2 used, 1 today
    ['currentriverrace.json', '#2209PJPVGG', 0], // shimmeringhost: first decks of the week today
    ['currentriverrace.json', '#20GPQPC9RV', 12], // bonus: nothing today yet
    ['currentriverrace.json', '#NOTINRACE', 0], // absent participant: 0 decks
  ])('%s: %s starts the day at %i', (file, tag, total) => {
    expect(startOfDayTotals(fixtureSnapshot(file, new Date())).get(tag) ?? 0).toBe(total);
  });

  it('counts no war decks on training days, even for practice battles (§7.3)', () => {
    const training = fixtureSnapshot('currentriverrace.training.json', new Date());
    expect(Math.max(...training.participants.map((p) => p.decksUsedToday))).toBeGreaterThan(0);
    expect(Math.max(...startOfDayTotals(training).values())).toBe(0);
  });

  it('gives every participant of the mid-day battle-day recording a total within 0–4 per closed day', () => {
    const s = fixtureSnapshot('currentriverrace.warday-inprogress.json', new Date(), 128);
    const totals = [...startOfDayTotals(s).values()];
    expect(totals.length).toBe(s.participants.length);
    expect(Math.max(...totals)).toBeLessThanOrEqual(4); // battle day 2: only day 1 has closed
  });
});

describe('battle day 4 from the recorded Sunday snapshot and the log (docs/war-tracking.md)', () => {
  const snapshot = fixtureSnapshot('currentriverrace.json', new Date('2026-06-28T20:00:00Z'));
  const log = fixtureLogWeeks().find((w) => w.seasonId === 133 && w.sectionIndex === 3)!;
  const members = new Set(fixtureMemberTags());
  const roster: RosterMember[] = fixtureMembers().map((m) => ({ ...m, firstSeenAt: new Date('2026-05-01T00:00:00Z') }));
  const report = buildDeckReport({
    sectionIndex: 3,
    seasonId: 133,
    day: 4,
    snapshots: [snapshot],
    logWeek: log,
    roster,
    weekStartAt: new Date('2026-06-22T09:37:05Z'),
  });
  const byTag = new Map(report.players.map((p) => [p.tag, p]));

  it('is exact for everyone', () => {
    expect(report.complete).toBe(true);
    expect(report.players.every((p) => p.status === 'ok' || p.status === 'inactive')).toBe(true);
  });

  it.each([
    ['#20JJJ2CCRU', 3, 'inactive'],
    ['#2209PJPVGG', 4, 'ok'],
    ['#VQCYJQY0P', 4, 'ok'],
    ['#U08P889Y0', 1, 'inactive'],
    ['#20G9RY299P', 0, 'inactive'],
    ['#JYRQ8U92C', 0, 'inactive'], // a member absent from participants used 0
  ] as const)('%s used %i decks (%s)', (tag, decks, status) => {
    expect(byTag.get(tag)).toMatchObject({ decksUsed: decks, status });
  });

  it('reports only current members: participants who left are not in the report', () => {
    const leavers = snapshot.participants.filter((p) => !members.has(p.tag));
    expect(leavers.length).toBeGreaterThan(0);
    for (const l of leavers) expect(byTag.has(l.tag)).toBe(false);
    expect(report.players.length).toBe(roster.length);
  });
});

// A synthetic week (season 133, week 4) with the reset at 09:37 UTC every day.
const WEEK_START = new Date('2026-06-22T09:37:05Z');
const at = (iso: string) => new Date(iso);
type Row = [tag: string, decksUsed: number, decksUsedToday: number];
function snap(
  takenAt: string,
  periodIndex: number,
  rows: Row[],
  periodType = 'warDay',
  sectionIndex = 3,
): RiverRaceSnapshot {
  return {
    takenAt: at(takenAt),
    seasonId: 133,
    sectionIndex,
    periodIndex,
    periodType,
    clanFame: 0,
    periodPoints: 0,
    participants: rows.map(([tag, decksUsed, decksUsedToday]) => ({
      tag,
      name: `name ${tag}`,
      fame: 0,
      decksUsed,
      decksUsedToday,
      boatAttacks: 0,
    })),
    periodLogs: [],
  };
}
const longAgo = at('2026-05-01T00:00:00Z');
const member = (tag: string, firstSeenAt = longAgo): RosterMember => ({ tag, name: `name ${tag}`, firstSeenAt });
const find = (r: DeckReport, tag: string) => r.players.find((p) => p.tag === tag);

describe('battle day 2 across the reset', () => {
  const snapshots = [
    snap('2026-06-26T09:34:00Z', 25, [
      ['#LATE', 7, 3],
      ['#HALF', 6, 2],
      ['#LEFT', 4, 0],
      ['#NEW', 1, 1],
    ]),
    // #LATE played a fourth deck at 09:36, one minute before the reset
    snap('2026-06-27T09:40:00Z', 26, [
      ['#LATE', 8, 0],
      ['#HALF', 6, 0],
      ['#LEFT', 4, 0],
      ['#NEW', 1, 0],
    ]),
  ];
  const roster = [member('#LATE'), member('#HALF'), member('#GONE'), member('#NEW', at('2026-06-26T12:00:00Z'))];
  const report = buildDeckReport({ sectionIndex: 3, day: 2, snapshots, roster, weekStartAt: WEEK_START });

  it('does not report the attack one minute before the reset as missed', () => {
    expect(find(report, '#LATE')).toMatchObject({ decksUsed: 4, status: 'ok' });
  });
  it('reports 2 of 4 as 2/4', () => {
    expect(find(report, '#HALF')).toMatchObject({ decksUsed: 2, status: 'inactive' });
  });
  it('does not report a leaver', () => {
    expect(find(report, '#LEFT')).toBeUndefined();
  });
  it('counts a current member missing from participants as 0 decks', () => {
    expect(find(report, '#GONE')).toMatchObject({ decksUsed: 0, status: 'inactive' });
  });
  it('flags a member first seen after the reset as joined during the day', () => {
    expect(find(report, '#NEW')).toMatchObject({ decksUsed: 1, status: 'joined-during-day' });
    expect(report.complete).toBe(true);
  });
});

describe('battle day 1 starts at 0 (no snapshot of the day needed)', () => {
  it('uses the next morning only', () => {
    const snapshots = [
      snap('2026-06-26T09:45:00Z', 25, [
        ['#A', 3, 0],
        ['#B', 4, 0],
      ]),
    ];
    const report = buildDeckReport({
      sectionIndex: 3,
      day: 1,
      snapshots,
      roster: [member('#A'), member('#B')],
      weekStartAt: WEEK_START,
    });
    expect(report.players.map((p) => [p.tag, p.decksUsed, p.status])).toEqual([
      ['#A', 3, 'inactive'],
      ['#B', 4, 'ok'],
    ]);
  });
});

describe('a missing snapshot makes the affected players uncertain, never guessed', () => {
  // Day 2 was observed, day 3 never (the server was down), day 4 was.
  const snapshots = [
    snap('2026-06-26T10:00:00Z', 25, [
      ['#SOME', 4, 0],
      ['#IDLE', 4, 0],
      ['#FULL', 4, 0],
    ]),
    snap('2026-06-28T10:00:00Z', 27, [
      ['#SOME', 9, 0],
      ['#IDLE', 4, 0],
      ['#FULL', 12, 0],
    ]),
  ];
  const roster = [member('#SOME'), member('#IDLE'), member('#FULL')];
  const report = buildDeckReport({ sectionIndex: 3, day: 2, snapshots, roster, weekStartAt: WEEK_START });

  it('lists a player whose decks over days 2–3 do not pin day 2 down as uncertain, with the proven range', () => {
    expect(find(report, '#SOME')).toMatchObject({ decksUsed: 1, maxDecksUsed: 4, status: 'uncertain' });
    expect(report.complete).toBe(false);
  });
  it('still reports what the data proves: no deck over both days means 0 on day 2, 8 means 4', () => {
    expect(find(report, '#IDLE')).toMatchObject({ decksUsed: 0, status: 'inactive' });
    expect(find(report, '#FULL')).toMatchObject({ decksUsed: 4, status: 'ok' });
  });
  it('is uncertain for day 4 without the log item', () => {
    const day4 = buildDeckReport({ sectionIndex: 3, day: 4, snapshots, roster, weekStartAt: WEEK_START });
    expect(day4.complete).toBe(false);
    expect(day4.players.every((p) => p.status === 'uncertain')).toBe(true);
  });
});

describe('colosseum week works the same', () => {
  it('computes day 3 of section 4 from the recorded colosseum snapshot and the next morning', () => {
    const day3 = fixtureSnapshot('currentriverrace.colosseum.json', new Date('2026-07-04T15:00:00Z'));
    const [p] = day3.participants.filter((x) => x.decksUsed - x.decksUsedToday >= 4);
    const start = p!.decksUsed - p!.decksUsedToday;
    const next = snap('2026-07-05T09:45:00Z', 34, [[p!.tag, start + 2, 0]], 'colosseum', 4);
    const report = buildDeckReport({ sectionIndex: 4, day: 3, snapshots: [day3, next], roster: [member(p!.tag)] });
    expect(report.players).toEqual([
      { tag: p!.tag, name: `name ${p!.tag}`, decksUsed: 2, maxDecksUsed: 2, status: 'inactive' },
    ]);
  });
});
