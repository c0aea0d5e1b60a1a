import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Migrations never import app code (docs/architecture.md §2); they take the handle as Kysely<any>.
/* eslint-disable @typescript-eslint/no-explicit-any */

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return pg
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * Members in the clan's Discord (docs/discord.md, docs/decisions/080-link-states.md): a link is
 * claimed, verified in the game or confirmed by a leader, with the open ownership challenge; each
 * Discord user's reminder choice; excused absences (docs/decisions/081-excused-absences.md).
 * Links set by the admin before this migration were typed in by a leader: they become confirmed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('discord_links')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('confirmed'))
    .execute();
  await db.schema.alterTable('discord_links').addColumn('verified_at', 'text').execute();
  await db.schema.alterTable('discord_links').addColumn('challenge_favourite_id', 'integer').execute();
  await db.schema.alterTable('discord_links').addColumn('challenge_favourite_name', 'text').execute();
  await db.schema.alterTable('discord_links').addColumn('challenge_deck_id', 'integer').execute();
  await db.schema.alterTable('discord_links').addColumn('challenge_deck_name', 'text').execute();
  await db.schema.alterTable('discord_links').addColumn('challenge_expires_at', 'text').execute();
  await db.schema.alterTable('discord_links').addColumn('challenge_checkable_at', 'text').execute();
  await db.schema.createIndex('discord_links_user').on('discord_links').column('discord_user_id').execute();

  await db.schema
    .createTable('discord_members')
    .addColumn('discord_user_id', 'text', (c) => c.primaryKey())
    .addColumn('reminder_mode', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('excused_absences'))
    .addColumn('player_tag', 'text', (c) => c.notNull())
    .addColumn('starts_on', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema
    .createIndex('excused_absences_dates')
    .on('excused_absences')
    .columns(['status', 'starts_on', 'ends_on'])
    .execute();
  await db.schema.createIndex('excused_absences_player').on('excused_absences').column('player_tag').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('excused_absences').ifExists().execute();
  await db.schema.dropTable('discord_members').ifExists().execute();
  await db.schema.dropIndex('discord_links_user').ifExists().execute();
  for (const column of [
    'challenge_checkable_at',
    'challenge_expires_at',
    'challenge_deck_name',
    'challenge_deck_id',
    'challenge_favourite_name',
    'challenge_favourite_id',
    'verified_at',
    'status',
  ]) {
    await db.schema.alterTable('discord_links').dropColumn(column).execute();
  }
}
