import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '#server/db/migrate';
import { createTestDb, engines, type TestDb } from '../helpers/test-db.js';

/**
 * Migration 009 (docs/decisions/100-clan-family-data-model.md): an 008 database with rows in every clan table is
 * carried over as the main clan's, nothing lost; it refuses rather than guess whose data it holds.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const MAIN = '#2PQ8L0C';
const T = '2026-11-20T10:00:00.000Z';

async function seed008(k: Kysely<any>): Promise<void> {
  const member = (tag: string, left: string | null) => ({
    tag,
    name: `n${tag}`,
    role: 'member',
    first_seen_at: '2026-10-01T00:00:00.000Z',
    last_seen_at: T,
    left_at: left,
    exp_level: 50,
    trophies: 7000,
    donations: 10,
    donations_received: 2,
    last_seen_in_game: T,
    donations_last_week: 40,
  });
  await k
    .insertInto('clan_members')
    .values([member('#AAA', null), member('#BBB', T)])
    .execute();
  const snapshot = (taken: string) => ({
    taken_at: taken,
    season_id: 133,
    section_index: 3,
    period_index: 24,
    period_type: 'warDay',
    clan_fame: 1000,
    period_points: 500,
    participants: '[]',
    period_logs: '[]',
    member_tags: '["#AAA"]',
    finish_time: null,
  });
  await k
    .insertInto('war_state_cache')
    .values([snapshot(T), snapshot('2026-11-20T11:00:00.000Z')])
    .execute();
  const day = { season_id: 133, section_index: 3, day: 1 };
  await k
    .insertInto('war_day_reports')
    .values({ ...day, status: 'reported', complete: 1, title: 'Day 1', reported_at: T, script_run_id: 1 })
    .execute();
  await k
    .insertInto('war_day_decks')
    .values({ ...day, player_tag: '#AAA', player_name: 'A', decks_used: 4, decks_used_max: 4, status: 'ok' })
    .execute();
  await k
    .insertInto('river_race_data')
    .values({
      season_id: 133,
      section_index: 2,
      player_tag: '#AAA',
      player_name: 'A',
      fame: 3000,
      decks_used: 16,
      boat_attacks: 0,
      repair_points: 0,
      was_member_at_end: 1,
      created_date: T,
      clan_rank: 1,
      trophy_change: 20,
      clan_fame: 40000,
      stored_at: T,
      finish_time: null,
    })
    .execute();
  await k
    .insertInto('river_race_days')
    .values({
      season_id: 133,
      section_index: 3,
      period_index: 24,
      points_earned: 10,
      progress_earned: 20,
      end_of_day_rank: 1,
      recorded_at: T,
    })
    .execute();
  await k
    .insertInto('monthly_spotlight')
    .values({
      year: 2026,
      month: 11,
      player_tag: '#AAA',
      player_name: 'A',
      fame_earned: 3000,
      weeks_counted: 1,
      updated_at: T,
    })
    .execute();
  await k
    .insertInto('script_schedules')
    .values({ script_id: 'river-race-log', cron: '0 9 * * 1', updated_at: T })
    .execute();
  await k
    .insertInto('script_locks')
    .values({ script_id: 'monthly-fame', holder: 'h', acquired_at: T, expires_at: T })
    .execute();
  const run = (key: string) => ({
    script_id: 'inactive-players',
    trigger: 'schedule',
    occurrence_key: key,
    status: 'completed',
    message: 'ok',
    started_at: T,
  });
  await k
    .insertInto('script_runs')
    .values([run('a'), run('b'), run('c')])
    .execute();
  await k.deleteFrom('script_runs').where('occurrence_key', '=', 'c').execute();
  await k
    .insertInto('discord_outbox')
    .values({ script_run_id: 1, script_id: 'inactive-players', created_at: T, payload: '{}', status: 'sent' })
    .execute();
  await k
    .insertInto('alerts')
    .values([
      { kind: 'run-failed', subject: 's', message: 'm', script_run_id: 2, created_at: T },
      { kind: 'wrong-codes', subject: 's', message: 'm', script_run_id: null, created_at: T },
    ])
    .execute();
  await k
    .insertInto('audit_events')
    .values([
      { kind: 'template-saved', subject: 'Inactive players', detail: null, created_at: T },
      { kind: 'sign-in', subject: 'x', detail: null, created_at: T },
    ])
    .execute();
  await k
    .insertInto('app_settings')
    .values([
      { key: 'war-rules', value: '{"minDecks":3}' },
      { key: 'war-reminders.offsets', value: '[120,30]' },
      { key: 'template:inactive-players', value: 'Hello {title}' },
      { key: 'monthly-fame.provisional', value: '{"year":2026}' },
      { key: 'demo_history_filled_at', value: T },
    ])
    .execute();
  await k
    .insertInto('api_cache')
    .values({ key: `live:${MAIN}:/api/clan`, value: '{}', fetched_at: T })
    .execute();
}

const CLAN_TABLES = [
  'clan_members',
  'war_state_cache',
  'war_day_reports',
  'war_day_decks',
  'river_race_data',
  'river_race_days',
  'monthly_spotlight',
  'script_schedules',
  'script_locks',
  'script_runs',
  'discord_outbox',
];

async function rowsOf(k: Kysely<any>, table: string): Promise<Record<string, unknown>[]> {
  return k.selectFrom(table).selectAll().execute();
}

describe.each(engines)('migration 009 (clan family) on %s', (engine) => {
  let db: TestDb | null = null;
  afterEach(async () => {
    await db?.drop();
    db = null;
  });

  async function at008(): Promise<Kysely<any>> {
    db = await createTestDb(engine, { migrate: false });
    await migrateTo(db.kysely, '008-member-trophies');
    const k = db.kysely as unknown as Kysely<any>;
    await seed008(k);
    return k;
  }

  it('gives every row of an 008 database to the main clan, with nothing lost', async () => {
    const k = await at008();
    const before = new Map<string, Record<string, unknown>[]>();
    for (const table of CLAN_TABLES) before.set(table, await rowsOf(k, table));
    await migrateToLatest(db!.kysely, { mainClanTag: MAIN });
    for (const table of CLAN_TABLES) {
      const after = await rowsOf(k, table);
      const old = before.get(table)!;
      expect(after, table).toHaveLength(old.length);
      for (const row of after) expect(row.clan_tag, table).toBe(MAIN);
      // every old column keeps its value
      const keys = Object.keys(old[0] ?? {});
      const strip = (r: Record<string, unknown>) => Object.fromEntries(keys.map((key) => [key, r[key]]));
      expect(after.map(strip), table).toEqual(old);
    }
    const members = await k.selectFrom('clan_members').select(['first_seen_at', 'family_first_seen_at']).execute();
    for (const m of members) expect(m.family_first_seen_at).toBe(m.first_seen_at);
    expect(await k.selectFrom('clans').selectAll().execute()).toEqual([
      expect.objectContaining({ tag: MAIN, role: 'main', position: 0, removed_at: null, webhook_url: null }),
    ]);
  });

  it('moves the per-clan settings, tags the clan’s alerts and template audits, and marks the upgrade', async () => {
    const k = await at008();
    await migrateToLatest(db!.kysely, { mainClanTag: MAIN });
    const settings = await k.selectFrom('clan_settings').selectAll().orderBy('key').execute();
    expect(settings).toEqual([
      { clan_tag: MAIN, key: 'monthly-fame.provisional', value: '{"year":2026}' },
      { clan_tag: MAIN, key: 'template:inactive-players', value: 'Hello {title}' },
      { clan_tag: MAIN, key: 'war-reminders.offsets', value: '[120,30]' },
      { clan_tag: MAIN, key: 'war-rules', value: '{"minDecks":3}' },
    ]);
    const family = await k.selectFrom('app_settings').select('key').orderBy('key').execute();
    expect(family.map((r) => r.key)).toEqual([
      'demo_history_filled_at',
      'family.seeded_at',
      'signing_key_rotation_due',
    ]);
    const alerts = await k.selectFrom('alerts').select(['kind', 'clan_tag']).orderBy('id').execute();
    expect(alerts).toEqual([
      { kind: 'run-failed', clan_tag: MAIN },
      { kind: 'wrong-codes', clan_tag: null },
    ]);
    const audits = await k.selectFrom('audit_events').select(['kind', 'clan_tag']).orderBy('id').execute();
    expect(audits).toEqual([
      { kind: 'template-saved', clan_tag: MAIN },
      { kind: 'sign-in', clan_tag: null },
    ]);
  });

  it('keys clan data by clan: the same week of another clan is a new row, a duplicate of one clan is refused', async () => {
    const k = await at008();
    await migrateToLatest(db!.kysely, { mainClanTag: MAIN });
    const week = await k.selectFrom('river_race_data').selectAll().executeTakeFirstOrThrow();
    await expect(k.insertInto('river_race_data').values(week).execute()).rejects.toThrow();
    await k
      .insertInto('river_race_data')
      .values({ ...week, clan_tag: '#YYRJ2L' })
      .execute();
    const run = {
      script_id: 'inactive-players',
      trigger: 'schedule',
      occurrence_key: 'a',
      status: 'done',
      started_at: T,
    };
    await expect(
      k
        .insertInto('script_runs')
        .values({ ...run, clan_tag: MAIN })
        .execute(),
    ).rejects.toThrow();
    await k
      .insertInto('script_runs')
      .values({ ...run, clan_tag: '#YYRJ2L' })
      .execute();
    const lock = { script_id: 'monthly-fame', holder: 'h2', acquired_at: T, expires_at: T };
    await expect(
      k
        .insertInto('script_locks')
        .values({ ...lock, clan_tag: MAIN })
        .execute(),
    ).rejects.toThrow();
    await k
      .insertInto('script_locks')
      .values({ ...lock, clan_tag: '#YYRJ2L' })
      .execute();
    await expect(
      k.insertInto('clans').values({ tag: '#YYRJ2L', role: 'main', position: 1, added_at: T }).execute(),
    ).rejects.toThrow();
  });

  it('never hands out an id twice: the id sequences carry over', async () => {
    const k = await at008();
    await migrateToLatest(db!.kysely, { mainClanTag: MAIN });
    const row = await k
      .insertInto('script_runs')
      .values({ script_id: 'x', clan_tag: MAIN, trigger: 'manual', status: 'done', started_at: T })
      .returning('id')
      .executeTakeFirstOrThrow();
    // ids 1, 2 and 3 were handed out before the upgrade (3 was deleted)
    expect(row.id).toBe(4);
  });

  it('stops without CLAN_TAG, and when the stored data names another clan, writing nothing', async () => {
    const k = await at008();
    await expect(migrateToLatest(db!.kysely, {})).rejects.toThrow(
      'Database migration failed: the clan family step needs CLAN_TAG',
    );
    await expect(migrateToLatest(db!.kysely, { mainClanTag: '#YYRJ2L' })).rejects.toThrow(
      `the stored data belongs to ${MAIN}, not to CLAN_TAG #YYRJ2L`,
    );
    const applied = await k.selectFrom('kysely_migration').select('name').execute();
    expect(applied.map((r) => r.name)).not.toContain('009-clan-family');
    const columns = (await db!.kysely.introspection.getTables()).find((t) => t.name === 'clan_members')!.columns;
    expect(columns.map((c) => c.name)).not.toContain('clan_tag');
  });

  it('leaves the 008 database untouched when it fails halfway', async () => {
    const k = await at008();
    // the last table's rebuild (SQLite) or key (PostgreSQL) meets an obstacle after the others were changed
    if (engine === 'sqlite') await sql`CREATE TABLE discord_outbox_next (x integer)`.execute(k);
    else await sql`ALTER TABLE discord_outbox ADD COLUMN clan_tag text`.execute(k);
    await expect(migrateToLatest(db!.kysely, { mainClanTag: MAIN })).rejects.toThrow('Database migration failed');
    const tables = (await db!.kysely.introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain('clans');
    const members = (await db!.kysely.introspection.getTables()).find((t) => t.name === 'clan_members')!.columns;
    expect(members.map((c) => c.name)).not.toContain('clan_tag');
    expect(await rowsOf(k, 'clan_members')).toHaveLength(2);
    expect(await k.selectFrom('app_settings').select('key').where('key', '=', 'war-rules').execute()).toHaveLength(1);
  });
});
