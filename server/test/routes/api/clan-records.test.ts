import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '#server/lib/clock';
import { rebuildMonthlySpotlight } from '#server/modules/war/monthly-spotlight.repository';
import { insertRiverRaceWeek, upsertRiverRaceDays } from '#server/modules/war/river-race.repository';
import { engines } from '../../helpers/test-db.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { fixtureLogWeeks, fixtureMemberTags, fixtureSnapshot } from '../../helpers/cr-fixtures.js';
import { DEFAULT_SIM_CLAN_TAG as CLAN } from '#server/simulator/simulator';

async function seedFromFixtures(t: TestApp): Promise<void> {
  const db = t.db.kysely;
  const members = new Set(fixtureMemberTags());
  for (const week of fixtureLogWeeks())
    await insertRiverRaceWeek(db, CLAN, week, members, new Date('2026-06-29T14:00:00Z'));
  const snapshot = fixtureSnapshot('currentriverrace.json', new Date('2026-06-28T20:00:00Z'));
  for (const section of [0, 1, 2, 3])
    await upsertRiverRaceDays(db, CLAN, 133, section, snapshot.periodLogs, snapshot.takenAt);
  await rebuildMonthlySpotlight(db, CLAN, new Date('2026-06-29T15:00:00Z'));
}

describe.each(engines)('public war records on %s', (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers null / [] on empty tables, never an error', async () => {
    t = await buildTestApp({ engine });
    const get = async (url: string) => {
      const res = await t!.app.inject({ url });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    expect(await get('/api/clan/highest-war-week')).toEqual({ totalFame: null, weekTitle: null });
    expect(await get('/api/clan/highest-war-day')).toEqual({ pointsEarned: null, dayTitle: null });
    expect(await get('/api/clan/war/best-fame')).toEqual({
      playerName: null,
      playerTag: null,
      fame: null,
      weekTitle: null,
    });
    expect(await get('/api/clan/monthly-champions')).toEqual([]);
  });

  it('serves the records of the recorded log and battle days', async () => {
    t = await buildTestApp({ engine, clock: new ManualClock('2026-07-10T12:00:00Z') });
    await seedFromFixtures(t);

    // The colosseum of season 131 has no finish line: its 53,650 medals beat every 10,000 week.
    expect((await t.app.inject({ url: '/api/clan/highest-war-week' })).json()).toEqual({
      totalFame: 53650,
      weekTitle: 'Season 131 · Week 4 · Apr 27–May 4, 2026',
    });
    expect((await t.app.inject({ url: '/api/clan/highest-war-day' })).json()).toEqual({
      pointsEarned: 13600,
      dayTitle: 'Season 133 · Week 1 · Battle day 1 · Jun 4, 2026',
    });
    // Two players reached 3,600 that week; the tie goes to one row, deterministically.
    expect((await t.app.inject({ url: '/api/clan/war/best-fame' })).json()).toEqual({
      playerName: 'jaat @123',
      playerTag: '#V88YYL9YY',
      fame: 3600,
      weekTitle: 'Season 132 · Week 1 · May 4–11, 2026',
    });
  });

  it('lists monthly champions newest first, with the current champion and ties', async () => {
    t = await buildTestApp({ engine, clock: new ManualClock('2026-07-10T12:00:00Z') });
    await seedFromFixtures(t);
    const champions = (await t.app.inject({ url: '/api/clan/monthly-champions' })).json() as {
      year: number;
      month: number;
      fameEarned: number;
      isCurrentChampion: boolean;
      isChampionOnTheRise: boolean;
    }[];
    expect(champions.map((c) => c.month)).toEqual([...champions.map((c) => c.month)].sort((a, b) => b - a));
    expect([...new Set(champions.map((c) => `${c.year}-${c.month}`))]).toEqual(['2026-6', '2026-5', '2026-4']);
    const rows = await t.db.kysely
      .selectFrom('monthly_spotlight')
      .selectAll()
      .where('month', '=', 6)
      .orderBy('fame_earned', 'desc')
      .execute();
    const june = champions.filter((c) => c.month === 6);
    expect(june.length).toBeGreaterThan(0);
    expect(june.every((c) => c.fameEarned === rows[0]!.fame_earned && !c.isChampionOnTheRise)).toBe(true);
    expect(june.length).toBe(rows.filter((r) => r.fame_earned === rows[0]!.fame_earned).length);
    // one current champion, in June; any other June leader is a co-champion
    expect(champions.filter((c) => c.isCurrentChampion)).toHaveLength(1);
    expect(champions.find((c) => c.isCurrentChampion)?.month).toBe(6);
    expect(champions.some((c) => c.isChampionOnTheRise)).toBe(false);
  });
});
