import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listMemberTrophies, recordDailyTrophies } from '#server/modules/members/member-trophies.repository';
import { createTestDb, engines, type TestDb } from '../../helpers/test-db.js';
import { warTimeline, type WarTimeline } from '../../helpers/war-timeline.js';

describe.each(engines)('member trophies on %s', (engine) => {
  let db: TestDb;
  beforeEach(async () => {
    db = await createTestDb(engine);
  });
  afterEach(async () => {
    await db.drop();
  });

  it('keeps the first observation of each UTC day, once per member', async () => {
    await recordDailyTrophies(db.kysely, [{ tag: '#A', trophies: 7000 }], new Date('2026-11-21T23:59:00Z'));
    await recordDailyTrophies(
      db.kysely,
      [
        { tag: '#A', trophies: 7010 },
        { tag: '#B', trophies: 5000 },
      ],
      new Date('2026-11-22T00:01:00Z'),
    );
    await recordDailyTrophies(
      db.kysely,
      [
        { tag: '#A', trophies: 7090 },
        { tag: '#B', trophies: 5090 },
      ],
      new Date('2026-11-22T21:00:00Z'),
    );
    expect(await listMemberTrophies(db.kysely, '#A')).toEqual([
      { day: '2026-11-21', trophies: 7000 },
      { day: '2026-11-22', trophies: 7010 },
    ]);
    expect(await listMemberTrophies(db.kysely, '#B')).toEqual([{ day: '2026-11-22', trophies: 5000 }]);
  });

  it('keeps 400 days: the day a new one begins, the 400th day back goes', async () => {
    const at = new Date('2026-11-22T10:00:00Z');
    await db.kysely
      .insertInto('member_trophies')
      .values([
        { player_tag: '#A', day: '2025-10-18', trophies: 1 }, // 400 days before 2026-11-22
        { player_tag: '#A', day: '2025-10-19', trophies: 2 }, // 399 days before
      ])
      .execute();
    await recordDailyTrophies(db.kysely, [{ tag: '#A', trophies: 3 }], at);
    expect((await listMemberTrophies(db.kysely, '#A')).map((r) => r.day)).toEqual(['2025-10-19', '2026-11-22']);
  });
});

describe('member trophies from the war snapshots', () => {
  let w: WarTimeline;
  afterAll(async () => w?.close());

  it('stores each member’s trophies as the simulated roster had them at the first snapshot of the day', async () => {
    w = await warTimeline('sqlite', '2026-11-18T00:00:00.000Z');
    await w.start();
    await w.driveUntil('2026-11-19T23:30:00.000Z');
    const db = w.t.db.kysely;
    const snapshots = await db.selectFrom('war_state_cache').select('taken_at').orderBy('taken_at').execute();
    const firstOfDay = new Map<string, string>();
    for (const s of snapshots)
      if (!firstOfDay.has(s.taken_at.slice(0, 10))) firstOfDay.set(s.taken_at.slice(0, 10), s.taken_at);
    expect([...firstOfDay.keys()]).toEqual(['2026-11-18', '2026-11-19']);
    for (const [day, takenAt] of firstOfDay) {
      const roster = w.sim.state.clan.memberList(new Date(takenAt).getTime());
      const rows = await db
        .selectFrom('member_trophies')
        .select(['player_tag', 'trophies'])
        .where('day', '=', day)
        .execute();
      const stored = new Map(rows.map((r) => [r.player_tag, r.trophies]));
      expect(roster.length).toBeGreaterThan(40);
      for (const m of roster) expect(stored.get(m.tag)).toBe(m.trophies);
    }
  });
});
