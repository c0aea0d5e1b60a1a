import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '#server/lib/clock';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { engines } from '../../helpers/test-db.js';
import { BRAVO, DELTA, ECHO, SEED_NOW, seedMemberHistory } from '../../helpers/member-page-seed.js';

/** A day as the page must show it, written out by hand from the rows the seed stored. */
const day = (d: number, note: string, decksUsed: number | null = null, decksUsedMax = decksUsed) => ({
  day: d,
  note,
  decksUsed,
  decksUsedMax,
});
const full = (d: number) => day(d, 'counted', 4);
const notInClan = (d: number) => day(d, 'not-in-clan');
const notReported = (d: number) => day(d, 'not-reported');

describe.each(engines)('GET /api/clan/members/{tag}/history on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ engine, clock: new ManualClock(SEED_NOW) });
    await seedMemberHistory(t.db.kysely);
  });
  afterAll(() => t?.close());

  const get = (tag: string) => t.app.inject({ url: `/api/clan/members/${tag}/history` });

  it('shows a member with four tracked weeks exactly as the rows were stored', async () => {
    const res = await get('yq2p8rlc');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tag: BRAVO,
      name: 'Bravo',
      role: 'coleader',
      firstSeenAt: '2026-10-20T10:00:00.000Z',
      inClan: true,
      leftAt: null,
      // one stint, from the seeded join (Oct 20 10:00) to the clock (Nov 22 12:00): 33 whole days
      tenure: {
        days: 33,
        stints: 1,
        summary: 'in the clan 33 days over 1 stint',
        timeline: [{ joinedAt: '2026-10-20T10:00:00.000Z', leftAt: null, days: 33 }],
      },
      weeks: [
        {
          seasonId: 140,
          sectionIndex: 0,
          title: 'Season 140 · Week 1 · Oct 26–Nov 2, 2026',
          stored: true,
          fame: 2400,
          decksUsed: 16,
          days: [full(1), full(2), full(3), full(4)],
        },
        {
          seasonId: 140,
          sectionIndex: 1,
          title: 'Season 140 · Week 2 · Nov 2–9, 2026',
          stored: true,
          fame: 1800,
          decksUsed: 13,
          days: [full(1), day(2, 'uncertain', 2, 4), day(3, 'counted', 1), notReported(4)],
        },
        {
          seasonId: 140,
          sectionIndex: 2,
          title: 'Season 140 · Week 3 · Nov 9–16, 2026',
          stored: true,
          fame: null,
          decksUsed: null,
          days: [notInClan(1), notInClan(2), day(3, 'joined', 2), full(4)],
        },
        {
          seasonId: 140,
          sectionIndex: 3,
          title: 'Season 140 · Week 4',
          stored: false,
          fame: null,
          decksUsed: null,
          days: [full(1), day(2, 'race-finished', 4), notReported(3), notReported(4)],
        },
      ],
      // newest first: W4 day 2 (race finished) passed over, W4 day 1 and W3 day 4 full, W3 day 3 (joined),
      // W3 days 1–2 (not a member), W2 day 4 (not reported) passed over, W2 day 3 with 1 deck ends it
      fullDeckStreak: 2,
      trends: {
        trophies: [
          { day: '2026-11-20', trophies: 7100 },
          { day: '2026-11-21', trophies: 7150 },
          { day: '2026-11-22', trophies: 7130 },
        ],
        fame: [
          { seasonId: 140, sectionIndex: 0, title: 'Season 140 · Week 1 · Oct 26–Nov 2, 2026', fame: 2400 },
          { seasonId: 140, sectionIndex: 1, title: 'Season 140 · Week 2 · Nov 2–9, 2026', fame: 1800 },
          { seasonId: 140, sectionIndex: 2, title: 'Season 140 · Week 3 · Nov 9–16, 2026', fame: null },
        ],
      },
      // every month topped, the 2025 one too (beyond the public list's 12); October tied with Charlie;
      // November is still running; August went to Charlie
      titles: [
        { year: 2026, month: 11, fameEarned: 4200, shared: false, inProgress: true },
        { year: 2026, month: 10, fameEarned: 3000, shared: true, inProgress: false },
        { year: 2026, month: 9, fameEarned: 5000, shared: false, inProgress: false },
        { year: 2025, month: 1, fameEarned: 9000, shared: false, inProgress: false },
      ],
      excused: [],
      // the test app runs on the simulator
      demo: true,
    });
  });

  it('ends a former member’s weeks at their last week', async () => {
    const body = (await get('L8L8L8')).json();
    expect(body).toMatchObject({ tag: DELTA, role: 'elder', inClan: false, leftAt: '2026-11-10T10:00:00.000Z' });
    expect(body.weeks).toEqual([
      {
        seasonId: 140,
        sectionIndex: 0,
        title: 'Season 140 · Week 1 · Oct 26–Nov 2, 2026',
        stored: true,
        fame: 1000,
        decksUsed: 10,
        days: [full(1), notInClan(2), notInClan(3), notInClan(4)],
      },
    ]);
    expect(body.fullDeckStreak).toBe(1);
  });

  it('shows a player only ever seen in war logs, with the weeks between', async () => {
    const body = (await get('%23grj0pq')).json();
    expect(body).toMatchObject({ tag: ECHO, name: 'Echo', role: null, firstSeenAt: null, inClan: false });
    expect(body.weeks.map((w: { title: string; fame: number | null }) => [w.title, w.fame])).toEqual([
      ['Season 139 · Week 5 · Oct 19–26, 2026', 1500],
      ['Season 140 · Week 1 · Oct 26–Nov 2, 2026', null],
      ['Season 140 · Week 2 · Nov 2–9, 2026', 900],
    ]);
    expect(body.weeks[0].days).toEqual([notReported(1), notReported(2), notReported(3), notReported(4)]);
    expect(body.weeks[2].days).toEqual([notInClan(1), notInClan(2), notInClan(3), notReported(4)]);
    expect(body.fullDeckStreak).toBe(0);
    expect(body.trends.trophies).toEqual([]);
  });

  it('answers 404 for a tag never seen and 400 for one that cannot be a tag', async () => {
    const unknown = await get('PPPPPP');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'No player with this tag has been seen in the clan.',
      code: 'NOT_FOUND',
    });
    for (const bad of ['AB', 'XYZ123', 'abc%21def']) {
      const res = await get(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'tag: a player tag has 3 to 15 of the characters 0289PYLQGRJCUV, e.g. 2PQ8L0C',
        code: 'VALIDATION_ERROR',
      });
    }
  });
});
