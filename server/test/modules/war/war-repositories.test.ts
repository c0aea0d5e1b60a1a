import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { latestSnapshot, insertSnapshot, listSnapshotsBetween } from '#server/modules/war/war-state.repository';
import { listMonthlySpotlight, rebuildMonthlySpotlight } from '#server/modules/war/monthly-spotlight.repository';
import { insertRiverRaceWeek, isWeekStored, upsertRiverRaceDays } from '#server/modules/war/river-race.repository';
import { createTestDb, engines, type TestDb } from '../../helpers/test-db.js';
import { fixtureLogWeeks, fixtureMemberTags, fixtureSnapshot } from '../../helpers/cr-fixtures.js';
import { DEFAULT_SIM_CLAN_TAG as CLAN } from '#server/simulator/simulator';

describe.each(engines)('war repositories on %s', (engine) => {
  let db: TestDb;
  beforeEach(async () => {
    db = await createTestDb(engine);
  });
  afterEach(async () => {
    await db.drop();
  });

  it('backfills every week of the log once; a rerun adds nothing', async () => {
    const weeks = fixtureLogWeeks();
    const members = new Set(fixtureMemberTags());
    const first = [];
    for (const w of weeks)
      first.push(await insertRiverRaceWeek(db.kysely, CLAN, w, members, new Date('2026-06-29T14:00:00Z')));
    expect(first).toEqual(weeks.map((w) => w.participants.length));
    for (const w of weeks)
      expect(await insertRiverRaceWeek(db.kysely, CLAN, w, members, new Date('2026-07-06T14:00:00Z'))).toBe(0);
    const count = await db.kysely
      .selectFrom('river_race_data')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(weeks.reduce((n, w) => n + w.participants.length, 0));
    expect(await isWeekStored(db.kysely, CLAN, 133, 3)).toBe(true);
    expect(await isWeekStored(db.kysely, CLAN, 133, 4)).toBe(false);

    const newest = await db.kysely
      .selectFrom('river_race_data')
      .selectAll()
      .where('season_id', '=', 133)
      .where('section_index', '=', 3)
      .execute();
    expect(newest[0]).toMatchObject({
      clan_rank: 1,
      trophy_change: 20,
      clan_fame: 10000,
      created_date: '2026-06-29T09:37:06.000Z',
    });
    expect(newest.filter((r) => r.was_member_at_end === 1).length).toBe(
      newest.filter((r) => members.has(r.player_tag)).length,
    );
  });

  it('keeps closed battle days of one week only, updating on rerun', async () => {
    const snapshot = fixtureSnapshot('currentriverrace.json', new Date('2026-06-28T20:00:00Z'));
    await upsertRiverRaceDays(db.kysely, CLAN, 133, 3, snapshot.periodLogs, snapshot.takenAt);
    await upsertRiverRaceDays(db.kysely, CLAN, 133, 3, snapshot.periodLogs, snapshot.takenAt);
    const days = await db.kysely
      .selectFrom('river_race_days')
      .select(['period_index', 'points_earned'])
      .orderBy('period_index')
      .execute();
    expect(days).toEqual([
      { period_index: 24, points_earned: 11350 },
      { period_index: 25, points_earned: 10650 },
      { period_index: 26, points_earned: 10600 },
    ]);
  });

  it('rebuilds monthly_spotlight idempotently', async () => {
    for (const w of fixtureLogWeeks())
      await insertRiverRaceWeek(db.kysely, CLAN, w, new Set(), new Date('2026-06-29T14:00:00Z'));
    const first = await rebuildMonthlySpotlight(db.kysely, CLAN, new Date('2026-06-29T15:00:00Z'));
    const stored = await listMonthlySpotlight(db.kysely, CLAN);
    await rebuildMonthlySpotlight(db.kysely, CLAN, new Date('2026-06-29T16:00:00Z'));
    expect(await listMonthlySpotlight(db.kysely, CLAN)).toEqual(stored);
    expect(stored).toHaveLength(first.length);
    expect(new Set(stored.map((r) => `${r.year}-${r.month}`))).toEqual(new Set(['2026-4', '2026-5', '2026-6']));
  });

  it('stores and reads snapshots with their participants', async () => {
    const a = fixtureSnapshot('currentriverrace.json', new Date('2026-06-28T20:00:00Z'));
    const b = fixtureSnapshot('currentriverrace.training.json', new Date('2026-07-01T15:00:00Z'));
    await insertSnapshot(db.kysely, CLAN, a);
    await insertSnapshot(db.kysely, CLAN, b);
    expect(await latestSnapshot(db.kysely, CLAN)).toEqual(b);
    const week = await listSnapshotsBetween(
      db.kysely,
      CLAN,
      new Date('2026-06-22T00:00:00Z'),
      new Date('2026-06-29T12:00:00Z'),
    );
    expect(week).toEqual([a]);
  });
});
