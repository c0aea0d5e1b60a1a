import { PostgresAdapter, type Kysely, type CreateTableBuilder } from 'kysely';

// Migrations never import app code (docs/architecture.md §2); they take the handle as Kysely<any>.
/* eslint-disable @typescript-eslint/no-explicit-any */

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return pg
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * War insights, reminders and alerts (docs/war-insights.md, docs/decisions/035-war-reminders.md): last week's
 * donations kept when the weekly counter resets, Discord user ids linked to player tags, and
 * alerts the admin acknowledges.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clan_members').addColumn('donations_last_week', 'integer').execute();

  await db.schema
    .createTable('discord_links')
    .addColumn('player_tag', 'text', (c) => c.primaryKey())
    .addColumn('discord_user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('alerts'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('script_run_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('acknowledged_at', 'text')
    .addColumn('mailed_at', 'text')
    .execute();
  await db.schema.createIndex('alerts_open').on('alerts').columns(['acknowledged_at', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alerts').ifExists().execute();
  await db.schema.dropTable('discord_links').ifExists().execute();
  await db.schema.alterTable('clan_members').dropColumn('donations_last_week').execute();
}
