import type { Kysely } from 'kysely';

// Migrations never import app code (docs/architecture.md §2); they take the handle as Kysely<any>.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Member pages (docs/product.md §2): each member's trophies once per UTC day, as the war snapshots
 * see the roster, so a member's page can draw a trophies trend. Rows older than 400 days are pruned.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('member_trophies')
    .addColumn('player_tag', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('trophies', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_trophies_pk', ['player_tag', 'day'])
    .execute();
  await db.schema.createIndex('member_trophies_day').on('member_trophies').column('day').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('member_trophies').ifExists().execute();
}
