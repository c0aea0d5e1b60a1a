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
    expect(await observeRoster(db.kysely, CLAN, [m('#A'), m('#B')], t1)).toEqual({
      joined: ['#A', '#B'],
      left: [],
      moved: [],
    });
    expect(await observeRoster(db.kysely, CLAN, [m('#A'), m('#C')], t2)).toEqual({
      joined: ['#C'],
      left: ['#B'],
      moved: [],
    });
    expect(await listCurrentRoster(db.kysely, CLAN)).toEqual([
      { tag: '#A', name: 'name #A', firstSeenAt: t1 },
      { tag: '#C', name: 'name #C', firstSeenAt: t2 },
    ]);
    expect(await observeRoster(db.kysely, CLAN, [m('#A'), m('#B'), m('#C')], t3)).toEqual({
      joined: ['#B'],
      left: [],
      moved: [],
    });
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

describe.each(engines)('moves within a family, as the rosters observe them, on %s', (engine) => {
  let db: TestDb;
  const FEEDER = '#QQQQQQ';
  const h = (hours: number) => new Date(Date.UTC(2026, 10, 23, 0) + hours * 3_600_000);
  const m = (tag: string) => ({ tag, name: `name ${tag}`, role: 'member' });
  beforeEach(async () => {
    db = await createTestDb(engine);
    await db.kysely
      .insertInto('clans')
      .values({ tag: FEEDER, role: 'family', position: 1, added_at: h(0).toISOString() })
      .execute();
  });
  afterEach(async () => {
    await db.drop();
  });
  const stint = (clan: string, tag: string) =>
    db.kysely
      .selectFrom('clan_members')
      .select(['first_seen_at', 'left_at', 'family_first_seen_at'])
      .where('clan_tag', '=', clan)
      .where('tag', '=', tag)
      .executeTakeFirstOrThrow();
  const moves = () =>
    db.kysely
      .selectFrom('member_moves')
      .select(['player_tag', 'from_clan_tag', 'to_clan_tag', 'left_at', 'joined_at'])
      .execute();

  it('the new clan’s poll first: the old stint is closed there and then, one history kept', async () => {
    await observeRoster(db.kysely, FEEDER, [m('#P'), m('#X')], h(1));
    expect(await observeRoster(db.kysely, CLAN, [m('#P')], h(5))).toEqual({ joined: ['#P'], left: [], moved: ['#P'] });
    expect(await stint(FEEDER, '#P')).toMatchObject({ left_at: h(5).toISOString() });
    expect(await stint(CLAN, '#P')).toEqual({
      first_seen_at: h(5).toISOString(),
      left_at: null,
      family_first_seen_at: h(1).toISOString(),
    });
    expect(await moves()).toEqual([
      {
        player_tag: '#P',
        from_clan_tag: FEEDER,
        to_clan_tag: CLAN,
        left_at: h(5).toISOString(),
        joined_at: h(5).toISOString(),
      },
    ]);
    // the feeder's own poll afterwards finds them gone: nothing more
    expect(await observeRoster(db.kysely, FEEDER, [m('#X')], h(6))).toEqual({ joined: [], left: [], moved: [] });
    expect(await moves()).toHaveLength(1);
  });

  it('the old clan’s poll first: a leave, then a join within 24 hours is the same move', async () => {
    await observeRoster(db.kysely, CLAN, [m('#P')], h(1));
    expect(await observeRoster(db.kysely, CLAN, [], h(10))).toEqual({ joined: [], left: ['#P'], moved: [] });
    expect((await observeRoster(db.kysely, FEEDER, [m('#P')], h(33))).moved).toEqual(['#P']);
    expect(await moves()).toEqual([
      expect.objectContaining({
        from_clan_tag: CLAN,
        to_clan_tag: FEEDER,
        left_at: h(10).toISOString(),
        joined_at: h(33).toISOString(),
      }),
    ]);
    expect((await stint(FEEDER, '#P')).family_first_seen_at).toBe(h(1).toISOString());
  });

  it('a gap over 24 hours, or a clan no longer in the family, is a leave and a join', async () => {
    await observeRoster(db.kysely, CLAN, [m('#P'), m('#R')], h(1));
    await observeRoster(db.kysely, CLAN, [], h(10));
    expect((await observeRoster(db.kysely, FEEDER, [m('#P')], h(35))).moved).toEqual([]);
    expect((await stint(FEEDER, '#P')).family_first_seen_at).toBe(h(35).toISOString());
    await observeRoster(db.kysely, FEEDER, [m('#P'), m('#S')], h(36));
    await db.kysely
      .updateTable('clans')
      .set({ removed_at: h(37).toISOString() })
      .where('tag', '=', FEEDER)
      .execute();
    expect((await observeRoster(db.kysely, CLAN, [m('#S')], h(38))).moved).toEqual([]);
    expect(await moves()).toEqual([]);
  });

  it('an observation older than the stint’s end does not reopen it, and a move seen twice is kept once', async () => {
    await observeRoster(db.kysely, FEEDER, [m('#P')], h(1));
    await observeRoster(db.kysely, CLAN, [m('#P')], h(5));
    // the feeder's poll taken at 04:00 arrives after the main clan's of 05:00
    expect(await observeRoster(db.kysely, FEEDER, [m('#P')], h(4))).toEqual({ joined: [], left: [], moved: [] });
    expect(await stint(FEEDER, '#P')).toMatchObject({ left_at: h(5).toISOString() });
    // a second instance observing the same roster at the same instant
    await db.kysely.updateTable('clan_members').set({ left_at: null }).where('clan_tag', '=', FEEDER).execute();
    await db.kysely.deleteFrom('clan_members').where('clan_tag', '=', CLAN).execute();
    await observeRoster(db.kysely, CLAN, [m('#P')], h(5));
    expect(await moves()).toHaveLength(1);
  });
});
