import type { Kysely } from 'kysely';

// Migrations never import app code (docs/architecture.md §2); they take the handle as Kysely<any>.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The race projection's track record (docs/war-tracking.md "Where the race will end"): the projection ClanOps made
 * at the start of each battle day, once, kept to be compared with how the week ended (`river_race_data`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('race_projections')
    .addColumn('clan_tag', 'text', (c) => c.notNull())
    .addColumn('season_id', 'integer', (c) => c.notNull())
    .addColumn('section_index', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('made_at', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('place', 'integer', (c) => c.notNull())
    .addColumn('place_best', 'integer', (c) => c.notNull())
    .addColumn('place_worst', 'integer', (c) => c.notNull())
    .addColumn('fame_low', 'integer', (c) => c.notNull())
    .addColumn('fame_mid', 'integer', (c) => c.notNull())
    .addColumn('fame_high', 'integer', (c) => c.notNull())
    .addColumn('clans', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('race_projections_pk', ['clan_tag', 'season_id', 'section_index', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('race_projections').ifExists().execute();
}
