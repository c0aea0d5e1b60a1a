import { describe, expect, it } from 'vitest';
import { DEFAULT_WAR_RULES, warRuleTexts, warRulesSchema, type WarRules } from '#contracts/war-rules';
import { daysOf, type WarDay } from '#server/modules/war/insights/rules';
import { buildWarReport, type RosterEntry, type WarWeek } from '#server/modules/war/insights/war-report';

const NOW = new Date('2026-11-23T16:00:00Z');
const LONG_AGO = new Date('2026-01-01T00:00:00Z');
const member = (tag: string, extra: Partial<RosterEntry> = {}): RosterEntry => ({
  tag,
  name: `name ${tag}`,
  role: 'member',
  firstSeenAt: LONG_AGO,
  lastSeen: null,
  donations: null,
  ...extra,
});
/** A week whose participants have the given fame, in the given order (highest first or not). */
const week = (
  section: number,
  fames: Record<string, number>,
  createdDate = `2026-11-${23 - 7 * (3 - section)}T09:40:00Z`,
): WarWeek => ({
  seasonId: 138,
  sectionIndex: section,
  createdDate: new Date(createdDate),
  participants: Object.entries(fames).map(([tag, fame]) => ({
    tag,
    name: `name ${tag}`,
    fame,
    decksUsed: fame > 0 ? 16 : 0,
  })),
});
/** Eleven players ranked 1..11 by fame (#P1 best), plus extra entries. */
const ladder = (extra: Record<string, number> = {}) => ({
  ...Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`#P${i + 1}`, 3000 - i * 100])),
  ...extra,
});
const day = (
  d: 1 | 2 | 3 | 4,
  rows: [tag: string, used: number, max?: number, status?: string][],
  raceFinished = false,
): WarDay => ({
  seasonId: 138,
  sectionIndex: 3,
  day: d,
  raceFinished,
  players: rows.map(([tag, used, max, status]) => ({
    tag,
    decksUsed: used,
    decksUsedMax: max ?? used,
    status: status ?? (used === 4 ? 'ok' : max !== undefined && max >= 4 ? 'uncertain' : 'inactive'),
  })),
});
const report = (over: Partial<Parameters<typeof buildWarReport>[0]>) =>
  buildWarReport({ rules: DEFAULT_WAR_RULES, weeks: [], days: [], roster: [], now: NOW, ...over });
const tags = (list: { tag: string }[]) => list.map((x) => x.tag).sort();

describe('promotion: top N in K consecutive wars', () => {
  it.each([
    ['top 10 in both of the last two wars', ladder(), ladder(), ['#P1', '#P10']],
    ['top 10 in the newest war only', ladder({ '#P10': 3000 - 10 * 100 - 1 }), ladder(), ['#P1']],
    ['top 10 in the older war only', ladder(), ladder({ '#P10': 0 }), ['#P1']],
  ])('%s', (_name, older, newest, expected) => {
    const roster = [member('#P1'), member('#P10')];
    const r = report({ weeks: [week(3, newest), week(2, older)], roster });
    expect(tags(r.promotionCandidates)).toEqual(expected);
  });

  it('counts a tie at rank 10 as top 10 (ties share a rank)', () => {
    const tie = ladder({ '#P11': 3000 - 9 * 100 }); // #P11 ties #P10 at rank 10
    const r = report({ weeks: [week(3, tie), week(2, tie)], roster: [member('#P10'), member('#P11')] });
    expect(tags(r.promotionCandidates)).toEqual(['#P10', '#P11']);
    expect(r.promotionCandidates[0]!.evidence.map((w) => w.rank)).toEqual([10, 10]);
  });

  it('only proposes members holding a role below the promotion, as configured', () => {
    const roster = [member('#P1', { role: 'elder' }), member('#P2')];
    const weeks = [week(3, ladder()), week(2, ladder())];
    expect(tags(report({ weeks, roster }).promotionCandidates)).toEqual(['#P2']);
    const rules: WarRules = {
      ...DEFAULT_WAR_RULES,
      promotion: { ...DEFAULT_WAR_RULES.promotion, fromRoles: ['member', 'elder'] },
    };
    expect(tags(report({ rules, weeks, roster }).promotionCandidates)).toEqual(['#P1', '#P2']);
  });
});

describe('fame minimum and missed attacks', () => {
  const weeks = [week(3, { '#LOW': 1975, '#OK': 2000, '#NEW': 100 })];

  it('lists who earned below the minimum, and marks a member who joined mid-war instead of blaming them', () => {
    const roster = [member('#LOW'), member('#OK'), member('#NEW', { firstSeenAt: new Date('2026-11-19T12:00:00Z') })];
    const r = report({ weeks, roster });
    expect(r.belowFame.map((f) => [f.tag, f.evidence.fame])).toEqual([['#LOW', 1975]]);
    expect(tags(r.notWholeWar)).toEqual(['#NEW']);
  });

  it('counts only certain misses: a range reaching the rule is never a miss', () => {
    const days = [
      day(1, [
        ['#A', 2],
        ['#B', 4],
      ]),
      day(2, [
        ['#A', 1, 2],
        ['#B', 2, 4],
      ]), // #A: 1–2 (misses at least 2); #B: 2–4 (nothing certain)
      day(3, [
        ['#A', 4],
        ['#B', 4],
      ]),
      day(4, [
        ['#A', 3],
        ['#B', 4],
      ]),
    ];
    const r = report({ weeks, days, roster: [member('#A'), member('#B')] });
    expect(r.missedAttacks.map((m) => [m.tag, m.evidence.missed])).toEqual([['#A', 5]]);
    expect(r.missedAttacks[0]!.evidence.days.map((d) => d.note)).toEqual(['counted', 'counted', 'counted', 'counted']);
  });

  it('does not count a day that began after the clan finished the race, nor the day a member joined', () => {
    const days = [
      day(1, [['#A', 0]]),
      day(2, [['#A', 0, 0, 'joined-during-day']]),
      day(3, [['#A', 3]]),
      day(4, [['#A', 0]], true),
    ];
    const r = report({ weeks, days, roster: [member('#A')] });
    expect(r.missedAttacks.map((m) => [m.tag, m.evidence.missed])).toEqual([['#A', 5]]);
    expect(r.missedAttacks[0]!.evidence.days.map((d) => d.note)).toEqual([
      'counted',
      'joined',
      'counted',
      'race-finished',
    ]);
  });

  it('applies rule values the admin changed', () => {
    const days = [day(1, [['#A', 3]]), day(2, [['#A', 3]]), day(3, [['#A', 4]]), day(4, [['#A', 4]])];
    const strict: WarRules = { ...DEFAULT_WAR_RULES, minimumFamePerWar: 2500, missedAttacksForRemoval: 2 };
    const r = report({ rules: strict, weeks, days, roster: [member('#A'), member('#OK')] });
    expect(tags(r.belowFame)).toEqual(['#A', '#OK']);
    expect(r.missedAttacks.map((m) => [m.tag, m.evidence.missed])).toEqual([['#A', 2]]);
    expect(report({ weeks, days, roster: [member('#A')] }).missedAttacks).toEqual([]); // default limit 5
  });
});

describe('activity rules (optional)', () => {
  const roster = [
    member('#AWAY', { lastSeen: new Date('2026-11-10T12:00:00Z'), donations: 0 }),
    member('#HERE', { lastSeen: new Date('2026-11-23T10:00:00Z'), donations: 120 }),
  ];
  it('are off by default', () => {
    const r = report({ roster });
    expect([r.awayTooLong, r.lowDonations]).toEqual([[], []]);
  });
  it('flag members away longer than N days and weekly donations below a minimum', () => {
    const rules: WarRules = { ...DEFAULT_WAR_RULES, activity: { maxDaysAway: 7, minWeeklyDonations: 50 } };
    const r = report({ rules, roster });
    expect(r.awayTooLong.map((f) => [f.tag, f.evidence.daysAway])).toEqual([['#AWAY', 13]]);
    expect(r.lowDonations.map((f) => [f.tag, f.evidence.donations])).toEqual([['#AWAY', 0]]);
  });
});

describe('the rules as the public panel states them', () => {
  it('are the site’s long-standing texts by default', () => {
    expect(warRuleTexts(DEFAULT_WAR_RULES)).toEqual([
      { title: '4 attacks per day', text: 'Use all four war decks on every battle day.' },
      { title: 'At least 2,000 fame per war', text: 'Every member earns at least 2,000 fame each war week.' },
      { title: 'Promotion', text: 'Finish in the top 10 in two consecutive wars to be promoted.' },
      { title: 'Missed attacks', text: 'Missed attacks are penalised; 5 or more missed attacks can mean removal.' },
    ]);
  });
  it('refuse values no war allows, with a message for the leader', () => {
    const bad = warRulesSchema.safeParse({ ...DEFAULT_WAR_RULES, minimumFamePerWar: 5000 });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe('a player earns at most 3,600 fame a war');
  });
});

describe('one battle day, by how the data left it (4 attacks a day)', () => {
  const weeks = [week(3, { '#A': 2500 })];
  // [case, decks used, top of range, status, race finished, attacks certainly missed, note]
  it.each([
    ['exact 4 of 4', 4, 4, 'ok', false, 0, 'counted'],
    ['exact 1 of 4', 1, 1, 'inactive', false, 3, 'counted'],
    ['a range 1 to 3: only 1 miss is certain', 1, 3, 'inactive', false, 1, 'counted'],
    ['uncertain 2 to 4: nothing certain', 2, 4, 'uncertain', false, 0, 'uncertain'],
    ['uncertain 0 to 4: nothing certain', 0, 4, 'uncertain', false, 0, 'uncertain'],
    ['joined during the day', 0, 0, 'joined-during-day', false, 0, 'joined'],
    ['the clan had finished the race', 0, 0, 'inactive', true, 0, 'race-finished'],
  ] as const)('%s', (_case, used, max, status, finished, missed, note) => {
    const rules: WarRules = { ...DEFAULT_WAR_RULES, missedAttacksForRemoval: 1 };
    const days = [day(1, [['#A', used, max, status]], finished)];
    const r = report({ rules, weeks, days, roster: [member('#A')] });
    expect(r.missedAttacks.map((m) => m.evidence.missed)).toEqual(missed > 0 ? [missed] : []);
    expect(daysOf('#A', days, 4)[0]!.note).toBe(note);
  });
});
