import { sql, type Kysely } from 'kysely';

// Migrations never import app code (docs/architecture.md §2); they take the handle as Kysely<any>.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Every message delivered (docs/decisions/042-durable-outbox.md): delivery attempts, the next
 * try, how many parts of a split message Discord already holds and their message ids, and a
 * claim so one instance sends a row at a time. The week's finish time is kept with a stored week
 * (a replay of day 4 needs it). Rows the earlier delivery left `pending` or `failed` are not resent
 * after the upgrade: they are marked `abandoned`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('river_race_data').addColumn('finish_time', 'text').execute();

  const outbox = () => db.schema.alterTable('discord_outbox');
  await outbox()
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await outbox().addColumn('next_attempt_at', 'text').execute();
  await outbox().addColumn('sent_at', 'text').execute();
  await outbox()
    .addColumn('parts_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await outbox().addColumn('message_ids', 'text').execute();
  await outbox().addColumn('claimed_by', 'text').execute();
  await outbox().addColumn('claimed_until', 'text').execute();
  await outbox().addColumn('destination', 'text').execute();
  await sql`UPDATE discord_outbox SET status = 'abandoned' WHERE status IN ('pending', 'failed')`.execute(db);
  await db.schema.createIndex('discord_outbox_open').on('discord_outbox').columns(['status', 'id']).execute();
  await db.schema.createIndex('script_runs_started').on('script_runs').column('started_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('script_runs_started').ifExists().execute();
  await db.schema.dropIndex('discord_outbox_open').ifExists().execute();
  for (const column of [
    'destination',
    'claimed_until',
    'claimed_by',
    'message_ids',
    'parts_sent',
    'sent_at',
    'next_attempt_at',
    'attempts',
  ]) {
    await db.schema.alterTable('discord_outbox').dropColumn(column).execute();
  }
  await db.schema.alterTable('river_race_data').dropColumn('finish_time').execute();
}
