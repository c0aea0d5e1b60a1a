import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TABLE_NAMES } from '../../src/db/schema.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { DEFAULT_SIM_CLAN_TAG } from '../../src/simulator/simulator.js';
import { createTestDb, engines, type TestDb } from '../helpers/test-db.js';
import { DEFAULT_SIM_CLAN_TAG as CLAN } from '#server/simulator/simulator';

describe.each(engines)('database on %s', (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(engine);
  });
  afterAll(async () => {
    await db.drop();
  });

  it('creates every table of docs/architecture.md §4', async () => {
    const tables = await db.kysely.introspection.getTables();
    const names = tables.map((t) => t.name);
    for (const table of TABLE_NAMES) expect(names).toContain(table);
  });

  it('is idempotent: migrating again changes nothing', async () => {
    await migrateToLatest(db.kysely, { mainClanTag: DEFAULT_SIM_CLAN_TAG });
    const tables = await db.kysely.introspection.getTables();
    expect(tables.filter((t) => (TABLE_NAMES as readonly string[]).includes(t.name))).toHaveLength(TABLE_NAMES.length);
  });

  it('keeps one river race row per season, week and player', async () => {
    const row = {
      clan_tag: CLAN,
      season_id: 133,
      section_index: 3,
      player_tag: '#ABC',
      player_name: 'A',
      fame: 1600,
      decks_used: 16,
      boat_attacks: 0,
      repair_points: 0,
      was_member_at_end: 1,
      created_date: '2026-06-29T09:37:00.000Z',
      clan_rank: 1,
      trophy_change: 20,
      clan_fame: 10000,
      stored_at: '2026-06-29T10:00:00.000Z',
    };
    await db.kysely.insertInto('river_race_data').values(row).execute();
    await expect(db.kysely.insertInto('river_race_data').values(row).execute()).rejects.toThrow();
    await db.kysely
      .insertInto('river_race_data')
      .values({ ...row, player_tag: '#DEF' })
      .execute();
    const count = await db.kysely
      .selectFrom('river_race_data')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('refuses a second scheduled run of the same occurrence', async () => {
    const run = {
      clan_tag: CLAN,
      script_id: 'river-race-log',
      trigger: 'scheduled',
      occurrence_key: '2026-11-23T15:00:00.000Z',
      status: 'running',
      started_at: '2026-11-23T15:00:00.000Z',
    };
    await db.kysely.insertInto('script_runs').values(run).execute();
    await expect(db.kysely.insertInto('script_runs').values(run).execute()).rejects.toThrow();
  });

  it('refuses a second admin with the same username', async () => {
    const user = {
      username: 'admin',
      password_hash: 'x',
      token_version: 0,
      must_change_password: 0,
      created_at: 'now',
      updated_at: 'now',
    };
    await db.kysely.insertInto('admin_users').values(user).execute();
    await expect(db.kysely.insertInto('admin_users').values(user).execute()).rejects.toThrow();
  });

  if (engine === 'sqlite') {
    it('runs SQLite in WAL mode', async () => {
      const result = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db.kysely);
      expect(result.rows[0]?.journal_mode).toBe('wal');
    });
  }
});
