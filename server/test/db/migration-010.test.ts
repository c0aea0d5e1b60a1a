import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '#server/db/migrate';
import { DEFAULT_SIM_CLAN_TAG } from '#server/simulator/simulator';
import { createTestDb, engines, type TestDb } from '#test/helpers/test-db';

/** Migration 010 (docs/decisions/110-discord-link-claims.md): the open challenges move to one row per claimant. */
describe.each(engines)('migration 010 on %s', (engine) => {
  let db: TestDb | null = null;
  afterEach(async () => {
    await db?.drop();
    db = null;
  });

  it("moves a claim's open challenge to its claimant's row and leaves proven links as they were", async () => {
    db = await createTestDb(engine, { migrate: false });
    await migrateTo(db.kysely, '009-clan-family', { mainClanTag: DEFAULT_SIM_CLAN_TAG });
    await sql`
      insert into discord_links (player_tag, discord_user_id, created_at, status, verified_at, challenge_favourite_id,
        challenge_favourite_name, challenge_deck_id, challenge_deck_name, challenge_expires_at, challenge_checkable_at)
      values
        ('#2PQ8L0C', '500000000000000001', '2026-11-20T11:00:00.000Z', 'claimed', null, 26000021, 'Hog Rider',
          28000011, 'The Log', '2026-11-20T11:15:00.000Z', '2026-11-20T11:01:00.000Z'),
        ('#YQ2P8RLC', '500000000000000002', '2026-11-19T10:00:00.000Z', 'verified', '2026-11-19T10:05:00.000Z',
          null, null, null, null, null, null),
        ('#9CUV8RJ', '500000000000000003', '2026-11-18T10:00:00.000Z', 'claimed', null,
          null, null, null, null, null, null)
    `.execute(db.kysely);
    await migrateToLatest(db.kysely, { mainClanTag: DEFAULT_SIM_CLAN_TAG });

    const links = await db.kysely.selectFrom('discord_links').selectAll().orderBy('player_tag').execute();
    expect(links).toEqual([
      {
        player_tag: '#2PQ8L0C',
        discord_user_id: '500000000000000001',
        created_at: '2026-11-20T11:00:00.000Z',
        status: 'claimed',
        verified_at: null,
      },
      {
        player_tag: '#9CUV8RJ',
        discord_user_id: '500000000000000003',
        created_at: '2026-11-18T10:00:00.000Z',
        status: 'claimed',
        verified_at: null,
      },
      {
        player_tag: '#YQ2P8RLC',
        discord_user_id: '500000000000000002',
        created_at: '2026-11-19T10:00:00.000Z',
        status: 'verified',
        verified_at: '2026-11-19T10:05:00.000Z',
      },
    ]);
    expect(await db.kysely.selectFrom('discord_link_claims').selectAll().execute()).toEqual([
      {
        player_tag: '#2PQ8L0C',
        discord_user_id: '500000000000000001',
        favourite_id: 26000021,
        favourite_name: 'Hog Rider',
        deck_id: 28000011,
        deck_name: 'The Log',
        expires_at: '2026-11-20T11:15:00.000Z',
        checkable_at: '2026-11-20T11:01:00.000Z',
        created_at: '2026-11-20T11:00:00.000Z',
      },
    ]);
    expect(await db.kysely.selectFrom('discord_interactions').selectAll().execute()).toEqual([]);
  });
});
