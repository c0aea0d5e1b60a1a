import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listCurrentRoster, observeRoster } from '#server/modules/war/roster.repository';
import { createTestDb, engines, type TestDb } from '../../helpers/test-db.js';
import { DEFAULT_SIM_CLAN_TAG as CLAN } from '#server/simulator/simulator';

describe.each(engines)('roster observation on %s', (engine) => {
  let db: TestDb;
  beforeEach(async () => {
    db = await createTestDb(engine);
  });
  afterEach(async () => {
    await db.drop();
  });

  const m = (tag: string) => ({ tag, name: `name ${tag}`, role: 'member' });
  const t1 = new Date('2026-06-25T09:40:00Z');
  const t2 = new Date('2026-06-26T09:40:00Z');
  const t3 = new Date('2026-06-27T09:40:00Z');

  it('records joins and leaves at the run that observed them, and a rejoin as a new join', async () => {
    expect(await observeRoster(db.kysely, CLAN, [m('#A'), m('#B')], t1)).toEqual({ joined: ['#A', '#B'], left: [] });
    expect(await observeRoster(db.kysely, CLAN, [m('#A'), m('#C')], t2)).toEqual({ joined: ['#C'], left: ['#B'] });
    expect(await listCurrentRoster(db.kysely, CLAN)).toEqual([
      { tag: '#A', name: 'name #A', firstSeenAt: t1 },
      { tag: '#C', name: 'name #C', firstSeenAt: t2 },
    ]);
    expect(await observeRoster(db.kysely, CLAN, [m('#A'), m('#B'), m('#C')], t3)).toEqual({ joined: ['#B'], left: [] });
    expect((await listCurrentRoster(db.kysely, CLAN)).find((r) => r.tag === '#B')?.firstSeenAt).toEqual(t3);
  });

  it('keeps last week’s donations when the weekly counter resets, and the game’s last-seen time, hourly', async () => {
    const seen = new Date('2026-11-22T20:00:00Z');
    const p = (donations: number) => ({ ...m('#A'), lastSeen: seen, donations });
    const row = async () =>
      db.kysely
        .selectFrom('clan_members')
        .select(['donations', 'donations_last_week', 'last_seen_in_game'])
        .where('tag', '=', '#A')
        .executeTakeFirstOrThrow();
    await observeRoster(db.kysely, CLAN, [p(120)], new Date('2026-11-22T21:00:00Z'));
    await observeRoster(db.kysely, CLAN, [p(180)], new Date('2026-11-22T21:30:00Z')); // within the hour: not refreshed
    expect(await row()).toEqual({ donations: 120, donations_last_week: null, last_seen_in_game: seen.toISOString() });
    await observeRoster(db.kysely, CLAN, [p(240)], new Date('2026-11-23T08:00:00Z'));
    await observeRoster(db.kysely, CLAN, [p(6)], new Date('2026-11-23T12:00:00Z')); // Monday: the counter reset
    expect(await row()).toEqual({ donations: 6, donations_last_week: 240, last_seen_in_game: seen.toISOString() });
  });
});
