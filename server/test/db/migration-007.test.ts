import { afterEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js';
import { DEFAULT_SIM_CLAN_TAG } from '../../src/simulator/simulator.js';
import { createTestDb, engines, type TestDb } from '../helpers/test-db.js';

describe.each(engines)('migration 007 on %s', (engine) => {
  let db: TestDb | null = null;
  afterEach(async () => {
    await db?.drop();
    db = null;
  });

  it('keeps the links the admin typed in, as confirmed, and adds the absences table', async () => {
    db = await createTestDb(engine, { migrate: false });
    await migrateTo(db.kysely, '004-clan-operations');
    await db.kysely
      .insertInto('discord_links')
      .values({ player_tag: '#2PQ8L0C', discord_user_id: '123456789012345678', created_at: '2026-11-01T10:00:00.000Z' })
      .execute();
    await migrateToLatest(db.kysely, { mainClanTag: DEFAULT_SIM_CLAN_TAG });
    const rows = await db.kysely.selectFrom('discord_links').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        player_tag: '#2PQ8L0C',
        discord_user_id: '123456789012345678',
        status: 'confirmed',
      }),
    ]);
    const absence = await db.kysely
      .insertInto('excused_absences')
      .values({
        player_tag: '#2PQ8L0C',
        starts_on: '2026-11-13',
        ends_on: '2026-11-15',
        reason: null,
        status: 'approved',
        requested_by: 'admin',
        decided_by: 'admin',
        created_at: '2026-11-12T10:00:00.000Z',
        decided_at: '2026-11-12T10:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(absence.id).toBe(1);
  });
});
