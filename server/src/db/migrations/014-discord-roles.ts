import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Migrations never import app code (docs/architecture.md §2); they take the handle as Kysely<any>.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Discord roles and nicknames that follow the game (docs/decisions/160-discord-roles.md): `discord_role_rules` the
 * admin's rules (one row, JSON checked on read); `discord_role_optouts` members who keep their own nickname;
 * `discord_role_queue` the Discord users whose roles must be brought in line (one row per user, kept until a sync
 * succeeds, so an outage loses nothing); `discord_role_changes` the audit of every change applied or refused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const withId = (t: CreateTableBuilder<string, never>) =>
    pg
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await db.schema
    .createTable('discord_role_rules')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('discord_role_optouts')
    .addColumn('discord_user_id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('discord_role_queue')
    .addColumn('discord_user_id', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('queued_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await withId(db.schema.createTable('discord_role_changes'))
    .addColumn('discord_user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('role_id', 'text')
    .addColumn('nick', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('discord_role_changes_at').on('discord_role_changes').column('at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['discord_role_changes', 'discord_role_queue', 'discord_role_optouts', 'discord_role_rules']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
