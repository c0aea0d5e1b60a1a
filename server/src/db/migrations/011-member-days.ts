import { sql, type Kysely } from 'kysely';

// Migrations never import app code (docs/architecture.md §2); they take the handle as Kysely<any>.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Every member's day true (docs/war-tracking.md §5): a day's row keeps where the decks went (`parts`, JSON, only when
 * another family clan holds some) and the decks counted outside the family; excuses are read when a day is shown, so a
 * stored 'excused' becomes what the counts say (all four decks stay 'ok', no report stored one as excused).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('war_day_decks').addColumn('parts', 'text').execute();
  await db.schema
    .alterTable('war_day_decks')
    .addColumn('outside_family', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE war_day_decks SET status = CASE WHEN decks_used_max < 4 THEN 'inactive' ELSE 'uncertain' END
    WHERE status = 'excused'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('war_day_decks').dropColumn('outside_family').execute();
  await db.schema.alterTable('war_day_decks').dropColumn('parts').execute();
}
