import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Migrations never import app code (docs/architecture.md §2); they take the handle as Kysely<any>.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The leaders' memory (docs/leaders-memory.md): `clan_log` keeps every roster change the polls saw (joins, leaves,
 * returns, moves within the family, promotions, demotions, renames); `leader_notes` the leaders' notes and strikes
 * on a player (a strike has an expiry; an automatic one its day as `auto_key`, once); `watch_list` the players leaders
 * flagged, with the stint last alerted on. A clan may post its log to a leaders' channel: `clans.log_webhook_url`,
 * sealed like the clan's own webhook.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const withId = (t: CreateTableBuilder<string, never>) =>
    pg
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await withId(db.schema.createTable('clan_log'))
    .addColumn('clan_tag', 'text', (c) => c.notNull())
    .addColumn('player_tag', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('other_clan_tag', 'text')
    .addColumn('detail', 'text')
    .addColumn('posted', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('clan_log_unique', ['clan_tag', 'player_tag', 'kind', 'at'])
    .execute();
  await db.schema.createIndex('clan_log_at').on('clan_log').columns(['clan_tag', 'at']).execute();
  await db.schema.createIndex('clan_log_player').on('clan_log').column('player_tag').execute();
  await withId(db.schema.createTable('leader_notes'))
    .addColumn('player_tag', 'text', (c) => c.notNull())
    .addColumn('clan_tag', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('auto_key', 'text', (c) => c.unique())
    .execute();
  await db.schema.createIndex('leader_notes_player').on('leader_notes').column('player_tag').execute();
  await db.schema
    .createTable('watch_list')
    .addColumn('player_tag', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addColumn('added_by', 'text', (c) => c.notNull())
    .addColumn('alerted_stint', 'text')
    .execute();
  await db.schema.alterTable('clans').addColumn('log_webhook_url', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clans').dropColumn('log_webhook_url').execute();
  for (const table of ['watch_list', 'leader_notes', 'clan_log']) await db.schema.dropTable(table).ifExists().execute();
}
