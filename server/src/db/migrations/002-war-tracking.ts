import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations never import app code (docs/architecture.md §2); they take the handle as Kysely<any>.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * War tracking that stands on the data (docs/war-tracking.md): each snapshot keeps the roster it
 * saw and the clan's finish time; every reported battle day is stored once with each member's
 * exact deck count; river_race_data's member flag is unknown (null) for backfilled weeks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('war_state_cache').addColumn('member_tags', 'text').execute();
  await db.schema.alterTable('war_state_cache').addColumn('finish_time', 'text').execute();
  await db.schema
    .createIndex('war_state_cache_position')
    .on('war_state_cache')
    .columns(['season_id', 'period_index', 'taken_at'])
    .execute();
  // Newest and oldest snapshot lookups order by (taken_at, id).
  await db.schema.dropIndex('war_state_cache_taken_at').execute();
  await db.schema.createIndex('war_state_cache_taken_at').on('war_state_cache').columns(['taken_at', 'id']).execute();

  await db.schema
    .createTable('war_day_reports')
    .addColumn('season_id', 'integer', (c) => c.notNull())
    .addColumn('section_index', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('complete', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('day_started_after', 'text')
    .addColumn('day_ended_by', 'text')
    .addColumn('reported_at', 'text', (c) => c.notNull())
    .addColumn('script_run_id', 'integer')
    .addPrimaryKeyConstraint('war_day_reports_pk', ['season_id', 'section_index', 'day'])
    .execute();

  await db.schema
    .createTable('war_day_decks')
    .addColumn('season_id', 'integer', (c) => c.notNull())
    .addColumn('section_index', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('player_tag', 'text', (c) => c.notNull())
    .addColumn('player_name', 'text', (c) => c.notNull())
    .addColumn('decks_used', 'integer', (c) => c.notNull())
    .addColumn('decks_used_max', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('war_day_decks_pk', ['season_id', 'section_index', 'day', 'player_tag'])
    .execute();

  await allowUnknownMembership(db);
  // Weeks stored together by a backfill: only the newest one's flag was observed.
  await sql`UPDATE river_race_data SET was_member_at_end = NULL
    WHERE created_date < (SELECT max(r2.created_date) FROM river_race_data r2 WHERE r2.stored_at = river_race_data.stored_at)`.execute(
    db,
  );
}

/** river_race_data.was_member_at_end becomes nullable (SQLite needs the table rebuilt). */
async function allowUnknownMembership(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`ALTER TABLE river_race_data ALTER COLUMN was_member_at_end DROP NOT NULL`.execute(db);
    return;
  }
  await db.schema
    .createTable('river_race_data_next')
    .addColumn('season_id', 'integer', (c) => c.notNull())
    .addColumn('section_index', 'integer', (c) => c.notNull())
    .addColumn('player_tag', 'text', (c) => c.notNull())
    .addColumn('player_name', 'text', (c) => c.notNull())
    .addColumn('fame', 'integer', (c) => c.notNull())
    .addColumn('decks_used', 'integer', (c) => c.notNull())
    .addColumn('boat_attacks', 'integer', (c) => c.notNull())
    .addColumn('repair_points', 'integer', (c) => c.notNull())
    .addColumn('was_member_at_end', 'integer')
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addColumn('clan_rank', 'integer', (c) => c.notNull())
    .addColumn('trophy_change', 'integer', (c) => c.notNull())
    .addColumn('clan_fame', 'integer', (c) => c.notNull())
    .addColumn('stored_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('river_race_data_pk', ['season_id', 'section_index', 'player_tag'])
    .execute();
  await sql`INSERT INTO river_race_data_next SELECT * FROM river_race_data`.execute(db);
  await db.schema.dropTable('river_race_data').execute();
  await db.schema.alterTable('river_race_data_next').renameTo('river_race_data').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('war_day_decks').ifExists().execute();
  await db.schema.dropTable('war_day_reports').ifExists().execute();
  await db.schema.dropIndex('war_state_cache_position').ifExists().execute();
  await db.schema.alterTable('war_state_cache').dropColumn('finish_time').execute();
  await db.schema.alterTable('war_state_cache').dropColumn('member_tags').execute();
}
