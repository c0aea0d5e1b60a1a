import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations never import app code (docs/architecture.md §2); they take the handle as Kysely<any>.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Every member's day true (docs/war-tracking.md §5): a day's row keeps where the decks went (`parts`, JSON, only when
 * another family clan holds some) and the decks counted outside the family; excuses are read when a day is shown, so a
 * stored 'excused' becomes what the counts say (all four decks stay 'ok', no report stored one as excused).
 * `member_stints` keeps every stretch of a player in a clan (a return to a clan is a new stint, its earlier ones stay),
 * filled from each clan_members row's current stint. An outbox row may carry `expires_at`: a reminder not delivered
 * before the reset it counts down to is dropped as 'expired', never sent late.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const stints = db.schema.createTable('member_stints');
  await (
    pg
      ? stints.addColumn('id', 'serial', (c) => c.primaryKey())
      : stints.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('clan_tag', 'text', (c) => c.notNull())
    .addColumn('player_tag', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addColumn('left_at', 'text')
    .addUniqueConstraint('member_stints_unique', ['clan_tag', 'player_tag', 'joined_at'])
    .execute();
  await db.schema.alterTable('discord_outbox').addColumn('expires_at', 'text').execute();
  await db.schema.createIndex('member_stints_player').on('member_stints').column('player_tag').execute();
  await sql`INSERT INTO member_stints (clan_tag, player_tag, joined_at, left_at)
    SELECT clan_tag, tag, first_seen_at, left_at FROM clan_members`.execute(db);
  await db.schema.alterTable('war_day_decks').addColumn('parts', 'text').execute();
  await db.schema
    .alterTable('war_day_decks')
    .addColumn('outside_family', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE war_day_decks SET status = CASE WHEN decks_used_max < 4 THEN 'inactive' ELSE 'uncertain' END
    WHERE status = 'excused'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('member_stints').ifExists().execute();
  await db.schema.alterTable('discord_outbox').dropColumn('expires_at').execute();
  await db.schema.alterTable('war_day_decks').dropColumn('outside_family').execute();
  await db.schema.alterTable('war_day_decks').dropColumn('parts').execute();
}
