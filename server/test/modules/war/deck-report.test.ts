import { describe, expect, it } from 'vitest';
import { buildDeckReport, type DeckReport } from '#server/modules/war/deck-report';
import { startOfDayTotals } from '#server/modules/war/reset-totals';
import type { RiverRaceSnapshot } from '#server/modules/war/types';
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
  const members = new Set(fixtureMemberTags());
  // the recorded Sunday (day 4) snapshot, with the recorded roster seen before and during the day
  const snapshot = {
    ...fixtureSnapshot('currentriverrace.json', new Date('2026-06-28T20:00:00Z')),
    memberTags: [...members],
  };
  // the roster only: a Saturday look holds no Sunday totals
  const saturday = { ...snapshot, takenAt: new Date('2026-06-28T09:30:00Z'), periodIndex: 26, participants: [] };
  const log = fixtureLogWeeks().find((w) => w.seasonId === 133 && w.sectionIndex === 3)!;
  const roster = fixtureMembers();
  const report = buildDeckReport({
    sectionIndex: 3,
    seasonId: 133,
    day: 4,
    snapshots: [saturday, snapshot],
    logWeek: log,
    roster,
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

  it('knows the race was already finished when day 4 began: day 3 closed with the boat at 10,000', () => {
    // periodLogs of the Sunday snapshot: period 26 progressEndOfDay 10,000 (riverracelog 133/3:
    // finishTime 2026-06-28T09:37:04Z, a day before createdDate 2026-06-29T09:37:06Z)
    expect(report.raceFinished).toBe(true);
  });

  it('reports only current members: participants who left are not in the report', () => {
    const leavers = snapshot.participants.filter((p) => !members.has(p.tag));
    expect(leavers.length).toBeGreaterThan(0);
    for (const l of leavers) expect(byTag.has(l.tag)).toBe(false);
    expect(report.players.length).toBe(roster.length);
  });
});

// A synthetic week (season 133, week 4) with the reset at 09:37 UTC every day.
const at = (iso: string) => new Date(iso);
type Row = [tag: string, decksUsed: number, decksUsedToday: number];
function snap(
  takenAt: string,
  periodIndex: number,
  rows: Row[],
  periodType = 'warDay',
  sectionIndex = 3,
  memberTags: string[] | null = null,
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
    memberTags,
    finishTime: null,
  };
}
const member = (tag: string) => ({ tag, name: `name ${tag}` });
/** The roster seen the evening before `periodIndex` began (its reset at 09:37): the members present at the start. */
const rosterBefore = (periodIndex: number, tags: string[]): RiverRaceSnapshot =>
  snap(`2026-06-${periodIndex}T21:00:00Z`, periodIndex - 1, [], 'warDay', 3, tags);
const season = { seasonId: 133 };
const find = (r: DeckReport, tag: string) => r.players.find((p) => p.tag === tag);

describe('battle day 2 across the reset', () => {
  const snapshots = [
    snap(
      '2026-06-26T09:34:00Z',
      25,
      [
        ['#LATE', 7, 3],
        ['#HALF', 6, 2],
        ['#LEFT', 4, 0],
        ['#NEW', 1, 1],
      ],
      'warDay',
      3,
      ['#LATE', '#HALF', '#LEFT', '#GONE'], // #NEW was not in the clan yet
    ),
    // #LATE played a fourth deck at 09:36, one minute before the reset
    snap('2026-06-27T09:40:00Z', 26, [
      ['#LATE', 8, 0],
      ['#HALF', 6, 0],
      ['#LEFT', 4, 0],
      ['#NEW', 1, 0],
    ]),
  ];
  const roster = [member('#LATE'), member('#HALF'), member('#GONE'), member('#NEW')];
  const report = buildDeckReport({
    ...season,
    sectionIndex: 3,
    day: 2,
    snapshots: [rosterBefore(25, ['#LATE', '#HALF', '#LEFT', '#GONE']), ...snapshots],
    roster,
  });

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
  it('flags a member missing from a roster seen after the reset as joined during the day', () => {
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
      ...season,
      sectionIndex: 3,
      day: 1,
      snapshots: [rosterBefore(24, ['#A', '#B']), ...snapshots],
      roster: [member('#A'), member('#B')],
    });
    expect(report.players.map((p) => [p.tag, p.decksUsed, p.status])).toEqual([
      ['#A', 3, 'inactive'],
      ['#B', 4, 'ok'],
    ]);
  });
});

describe('a missing snapshot gives ranges: below 4 still inactive, reaching 4 uncertain', () => {
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
  const tags = roster.map((m) => m.tag);
  const report = buildDeckReport({
    ...season,
    sectionIndex: 3,
    day: 2,
    snapshots: [rosterBefore(25, tags), ...snapshots],
    roster,
  });

  it('lists a player whose decks over days 2–3 do not pin day 2 down as uncertain, with the proven range', () => {
    expect(find(report, '#SOME')).toMatchObject({ decksUsed: 1, maxDecksUsed: 4, status: 'uncertain' });
    expect(report.complete).toBe(false);
  });
  it('still reports what the data proves: no deck over both days means 0 on day 2, 8 means 4', () => {
    expect(find(report, '#IDLE')).toMatchObject({ decksUsed: 0, status: 'inactive' });
    expect(find(report, '#FULL')).toMatchObject({ decksUsed: 4, status: 'ok' });
  });
  it('is uncertain for day 4 without the log item', () => {
    const day4 = buildDeckReport({
      ...season,
      sectionIndex: 3,
      day: 4,
      snapshots: [rosterBefore(27, tags), ...snapshots],
      roster,
    });
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
    const saturdayMorning = snap('2026-07-04T09:30:00Z', 32, [], 'colosseum', 4, [p!.tag]);
    const report = buildDeckReport({
      ...season,
      sectionIndex: 4,
      day: 3,
      snapshots: [saturdayMorning, day3, next],
      roster: [member(p!.tag)],
    });
    expect(report.players).toEqual([
      { tag: p!.tag, name: `name ${p!.tag}`, decksUsed: 2, maxDecksUsed: 2, status: 'inactive' },
    ]);
  });
});

describe('ranges below 4 are inactive, not uncertain', () => {
  it('reports a player who used at most 1 deck over days 2–3 as inactive with the range 0–1', () => {
    // One snapshot early on day 2 (period 25), none on day 3, one on day 4 (period 27): the totals at
    // the start of days 2 and 4 are known, the start of day 3 is not.
    const snapshots = [
      snap('2026-06-26T10:00:00Z', 25, [['#LAZY', 4, 0]]),
      snap('2026-06-28T10:00:00Z', 27, [['#LAZY', 5, 0]]),
    ];
    const report = buildDeckReport({
      ...season,
      sectionIndex: 3,
      day: 2,
      snapshots: [rosterBefore(25, ['#LAZY']), ...snapshots],
      roster: [member('#LAZY')],
    });
    // start of day 2 = 4, start of day 4 = 5: one deck over days 2 and 3, so 0 or 1 on day 2.
    expect(find(report, '#LAZY')).toMatchObject({ decksUsed: 0, maxDecksUsed: 1, status: 'inactive' });
    expect(report.complete).toBe(true);
  });
});

describe('joiners are told from the rosters seen around the reset', () => {
  const rows: Row[] = [
    ['#OLD', 4, 0],
    ['#EDGE', 4, 0],
  ];
  it('judges a member seen before the reset and all day', () => {
    const snapshots = [
      snap('2026-06-26T09:20:00Z', 24, rows, 'warDay', 3, ['#OLD', '#EDGE']),
      snap('2026-06-26T10:00:00Z', 25, rows, 'warDay', 3, ['#OLD', '#EDGE']),
      snap('2026-06-27T10:00:00Z', 26, rows, 'warDay', 3, ['#OLD', '#EDGE']),
    ];
    const report = buildDeckReport({ ...season, sectionIndex: 3, day: 2, snapshots, roster: [member('#EDGE')] });
    expect(find(report, '#EDGE')).toMatchObject({ decksUsed: 0, status: 'inactive' });
  });
  it('gives a member missing from the last roster before the reset the benefit of the doubt', () => {
    const snapshots = [
      snap('2026-06-26T09:20:00Z', 24, rows, 'warDay', 3, ['#OLD']),
      snap('2026-06-26T10:00:00Z', 25, rows, 'warDay', 3, ['#OLD', '#EDGE']),
      snap('2026-06-27T10:00:00Z', 26, rows, 'warDay', 3, ['#OLD', '#EDGE']),
    ];
    const report = buildDeckReport({ ...season, sectionIndex: 3, day: 2, snapshots, roster: [member('#EDGE')] });
    expect(find(report, '#EDGE')).toMatchObject({ status: 'joined-during-day' });
    // …and judges them the next day, when they were in every roster.
    const next = buildDeckReport({
      ...season,
      sectionIndex: 3,
      day: 3,
      snapshots: [...snapshots, snap('2026-06-28T10:00:00Z', 27, rows, 'warDay', 3, ['#OLD', '#EDGE'])],
      roster: [member('#EDGE')],
    });
    expect(find(next, '#EDGE')).toMatchObject({ decksUsed: 0, status: 'inactive' });
  });
});

describe('days after the finish line, from the recorded day logs', () => {
  // currentriverrace.json (season 133) carries the clan's closed days of weeks 2 and 3: in week 2
  // the boat reached 10,000 at the close of period 19 and period 20 shows endOfDayRank −1.
  const recorded = fixtureSnapshot('currentriverrace.json', new Date('2026-06-28T20:00:00Z'));
  const roster = [member('#20JJJ2CCRU')];
  it('day 4 of week 3 (period 20) began after the finish', () => {
    const report = buildDeckReport({ ...season, sectionIndex: 2, day: 4, snapshots: [recorded], roster });
    expect(report.raceFinished).toBe(true);
  });
  it('day 3 of week 3 (period 19), the day the clan crossed the line, did not', () => {
    const report = buildDeckReport({ ...season, sectionIndex: 2, day: 3, snapshots: [recorded], roster });
    expect(report.raceFinished).toBe(false);
  });
});

describe('the finish line from the week’s log item alone (a replay after the snapshots are gone)', () => {
  // riverracelog.json: 132/0 crossed at the close of day 4 (finishTime 2 s before createdDate);
  // 133/3 at the close of day 3 (finishTime a day before createdDate)
  const weeks = fixtureLogWeeks();
  const week = (section: number, seasonId: number) =>
    weeks.find((w) => w.seasonId === seasonId && w.sectionIndex === section)!;
  const members = [member('#A')];
  const dayFour = (logWeek: ReturnType<typeof week>) =>
    buildDeckReport({
      seasonId: logWeek.seasonId,
      sectionIndex: logWeek.sectionIndex,
      day: 4,
      snapshots: [],
      logWeek,
      roster: members,
    });

  it('counts day 4 of week 132/0: the clan crossed at its close, two seconds before createdDate', () => {
    const w = week(0, 132);
    expect(w.createdDate.getTime() - w.finishTime!.getTime()).toBe(2000);
    expect(dayFour(w).raceFinished).toBe(false);
  });

  it('blames nobody on day 4 of week 133/3: the clan crossed at the close of day 3', () => {
    expect(dayFour(week(3, 133)).raceFinished).toBe(true);
  });

  it('counts day 4 of a colosseum week (no finish line, the sentinel finishTime)', () => {
    const w = week(3, 132);
    expect(w.finishTime).toBeNull();
    expect(dayFour(w).raceFinished).toBe(false);
  });
});

describe('who was there when the day began (docs/war-tracking.md §5)', () => {
  const rows: Row[] = [['#STAY', 8, 0]];
  // the next morning's snapshot ends day 3 (no roster with it)
  const nextMorning = snap('2026-06-28T10:00:00Z', 27, [['#STAY', 12, 0]]);
  const report = (snapshots: RiverRaceSnapshot[], tags: string[]) =>
    buildDeckReport({
      ...season,
      sectionIndex: 3,
      day: 3,
      snapshots: [...snapshots, nextMorning],
      roster: tags.map(member),
    });

  it('lists members apart as "untracked" when no roster was seen before the day began', () => {
    const r = report([snap('2026-06-27T15:00:00Z', 26, rows, 'warDay', 3, ['#STAY', '#IDLE'])], ['#STAY', '#IDLE']);
    expect(find(r, '#IDLE')).toMatchObject({ decksUsed: 0, status: 'untracked' });
    expect(r.players.filter((p) => p.status === 'inactive')).toEqual([]);
  });

  it('still calls a member absent from the first roster after the reset a joiner', () => {
    const r = report([snap('2026-06-27T15:00:00Z', 26, rows, 'warDay', 3, ['#STAY'])], ['#STAY', '#NEW']);
    expect(find(r, '#NEW')).toMatchObject({ status: 'joined-during-day' });
  });

  it('judges a member seen before the reset even if absent from a roster during the day (left and came back)', () => {
    const r = report(
      [
        rosterBefore(26, ['#STAY', '#HOP']),
        snap('2026-06-27T12:00:00Z', 26, rows, 'warDay', 3, ['#STAY']),
        snap('2026-06-27T18:00:00Z', 26, rows, 'warDay', 3, ['#STAY', '#HOP']),
      ],
      ['#STAY', '#HOP'],
    );
    expect(find(r, '#HOP')).toMatchObject({ decksUsed: 0, status: 'inactive' });
  });

  it('cannot place a member who arrived between rosters hours apart: untracked, not a joiner', () => {
    const longBefore = snap('2026-06-26T12:00:00Z', 25, [], 'warDay', 3, ['#STAY']);
    const r = report(
      [longBefore, snap('2026-06-27T15:00:00Z', 26, rows, 'warDay', 3, ['#STAY', '#ARR'])],
      ['#STAY', '#ARR'],
    );
    expect(find(r, '#ARR')).toMatchObject({ status: 'untracked' });
  });
});

describe('a member who moved in from another family clan during the day (docs/decisions/102-simulated-family.md)', () => {
  // #MOVER used one deck in their old clan, joined at noon and used two here: this clan's decksUsed holds 2, while
  // decksUsedToday is the player's count of the day in every clan, 3. #STAY used three here all day.
  const during = snap(
    '2026-06-26T20:00:00Z',
    25,
    [
      ['#MOVER', 2, 3],
      ['#STAY', 7, 3],
    ],
    'warDay',
    3,
    ['#MOVER', '#STAY'],
  );
  const rosterAtReset = rosterBefore(25, ['#STAY']);
  const snapshots = [
    snap('2026-06-26T09:45:00Z', 25, [['#STAY', 4, 0]], 'warDay', 3, ['#STAY']),
    during,
    snap('2026-06-27T09:45:00Z', 26, [
      ['#MOVER', 2, 0],
      ['#STAY', 7, 0],
    ]),
  ];
  const input = { ...season, sectionIndex: 3, day: 2 as const, roster: [member('#MOVER'), member('#STAY')] };

  it('counts only the decks this clan got, and judges the mover as a joiner of the day', () => {
    const report = buildDeckReport({ ...input, snapshots: [rosterAtReset, ...snapshots] });
    expect(find(report, '#MOVER')).toMatchObject({ decksUsed: 2, maxDecksUsed: 2, status: 'joined-during-day' });
    expect(find(report, '#STAY')).toMatchObject({ decksUsed: 3, maxDecksUsed: 3, status: 'inactive' });
  });

  it('with the next morning unseen, still never raises the mover above this clan’s decks', () => {
    const report = buildDeckReport({ ...input, snapshots: [rosterAtReset, snapshots[0]!, during] });
    // 3 of the player's 4 decks of the day were used by 20:00 (one elsewhere): at most one more here, so 2–3
    expect(find(report, '#MOVER')).toMatchObject({ decksUsed: 2, maxDecksUsed: 3, status: 'joined-during-day' });
    expect(find(report, '#STAY')).toMatchObject({ decksUsed: 3, maxDecksUsed: 4, status: 'uncertain' });
  });
});
