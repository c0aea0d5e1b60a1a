import { PostgresAdapter, type Kysely, type CreateTableBuilder } from 'kysely';

// Migrations never import app code (docs/architecture.md §2); they take the handle as Kysely<any>.
/* eslint-disable @typescript-eslint/no-explicit-any */

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return pg
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('clan_members')
    .addColumn('tag', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('left_at', 'text')
    .addColumn('exp_level', 'integer')
    .addColumn('trophies', 'integer')
    .addColumn('donations', 'integer')
    .addColumn('donations_received', 'integer')
    .addColumn('last_seen_in_game', 'text')
    .execute();

  await withId(db, db.schema.createTable('war_state_cache'))
    .addColumn('taken_at', 'text', (c) => c.notNull())
    .addColumn('season_id', 'integer')
    .addColumn('section_index', 'integer', (c) => c.notNull())
    .addColumn('period_index', 'integer', (c) => c.notNull())
    .addColumn('period_type', 'text', (c) => c.notNull())
    .addColumn('clan_fame', 'integer', (c) => c.notNull())
    .addColumn('period_points', 'integer', (c) => c.notNull())
    .addColumn('participants', 'text', (c) => c.notNull())
    .addColumn('period_logs', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('war_state_cache_taken_at').on('war_state_cache').column('taken_at').execute();

  await db.schema
    .createTable('river_race_data')
    .addColumn('season_id', 'integer', (c) => c.notNull())
    .addColumn('section_index', 'integer', (c) => c.notNull())
    .addColumn('player_tag', 'text', (c) => c.notNull())
    .addColumn('player_name', 'text', (c) => c.notNull())
    .addColumn('fame', 'integer', (c) => c.notNull())
    .addColumn('decks_used', 'integer', (c) => c.notNull())
    .addColumn('boat_attacks', 'integer', (c) => c.notNull())
    .addColumn('repair_points', 'integer', (c) => c.notNull())
    .addColumn('was_member_at_end', 'integer', (c) => c.notNull())
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addColumn('clan_rank', 'integer', (c) => c.notNull())
    .addColumn('trophy_change', 'integer', (c) => c.notNull())
    .addColumn('clan_fame', 'integer', (c) => c.notNull())
    .addColumn('stored_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('river_race_data_pk', ['season_id', 'section_index', 'player_tag'])
    .execute();

  await db.schema
    .createTable('river_race_days')
    .addColumn('season_id', 'integer', (c) => c.notNull())
    .addColumn('section_index', 'integer', (c) => c.notNull())
    .addColumn('period_index', 'integer', (c) => c.notNull())
    .addColumn('points_earned', 'integer', (c) => c.notNull())
    .addColumn('progress_earned', 'integer', (c) => c.notNull())
    .addColumn('end_of_day_rank', 'integer', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('river_race_days_pk', ['season_id', 'period_index'])
    .execute();

  await db.schema
    .createTable('monthly_spotlight')
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('player_tag', 'text', (c) => c.notNull())
    .addColumn('player_name', 'text', (c) => c.notNull())
    .addColumn('fame_earned', 'integer', (c) => c.notNull())
    .addColumn('weeks_counted', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('monthly_spotlight_pk', ['year', 'month', 'player_tag'])
    .execute();

  await withId(db, db.schema.createTable('admin_users'))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('password_reset_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .execute();

  await db.schema
    .createTable('script_schedules')
    .addColumn('script_id', 'text', (c) => c.primaryKey())
    .addColumn('cron', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('script_runs'))
    .addColumn('script_id', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('occurrence_key', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('details', 'text')
    .addUniqueConstraint('script_runs_occurrence_unique', ['script_id', 'occurrence_key'])
    .execute();
  await db.schema
    .createIndex('script_runs_script_started')
    .on('script_runs')
    .columns(['script_id', 'started_at'])
    .execute();

  await db.schema
    .createTable('script_locks')
    .addColumn('script_id', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('acquired_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('discord_outbox'))
    .addColumn('script_run_id', 'integer')
    .addColumn('script_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();

  await db.schema
    .createTable('api_cache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'app_settings',
    'api_cache',
    'discord_outbox',
    'script_locks',
    'script_runs',
    'script_schedules',
    'rate_limits',
    'password_reset_tokens',
    'captchas',
    'admin_users',
    'monthly_spotlight',
    'river_race_days',
    'river_race_data',
    'war_state_cache',
    'clan_members',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
