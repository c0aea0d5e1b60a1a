import { sql, type Kysely } from 'kysely';

// Migrations never import app code (docs/architecture.md §2); they take the handle as Kysely<any>.
/* eslint-disable @typescript-eslint/no-explicit-any */

const CHALLENGE_COLUMNS = [
  'challenge_favourite_id',
  'challenge_favourite_name',
  'challenge_deck_id',
  'challenge_deck_name',
  'challenge_expires_at',
  'challenge_checkable_at',
];

/**
 * The Discord door (docs/decisions/110-discord-link-claims.md, 111-discord-interactions-once.md): each claimant of a
 * tag keeps a challenge of their own in `discord_link_claims`, so a second claim cannot cancel the first one's; the
 * open challenges of `discord_links` move there. `discord_interactions` remembers the ids of answered interactions
 * for 15 minutes, so a captured request cannot be played again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('discord_link_claims')
    .addColumn('player_tag', 'text', (c) => c.notNull())
    .addColumn('discord_user_id', 'text', (c) => c.notNull())
    .addColumn('favourite_id', 'integer', (c) => c.notNull())
    .addColumn('favourite_name', 'text', (c) => c.notNull())
    .addColumn('deck_id', 'integer', (c) => c.notNull())
    .addColumn('deck_name', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('checkable_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('discord_link_claims_pk', ['player_tag', 'discord_user_id'])
    .execute();
  await db.schema.createIndex('discord_link_claims_user').on('discord_link_claims').column('discord_user_id').execute();
  await sql`
    insert into discord_link_claims
      (player_tag, discord_user_id, favourite_id, favourite_name, deck_id, deck_name, expires_at, checkable_at, created_at)
    select player_tag, discord_user_id, challenge_favourite_id, coalesce(challenge_favourite_name, ''),
      challenge_deck_id, coalesce(challenge_deck_name, ''), challenge_expires_at, challenge_checkable_at, created_at
    from discord_links
    where status = 'claimed' and challenge_favourite_id is not null and challenge_deck_id is not null
      and challenge_expires_at is not null and challenge_checkable_at is not null
  `.execute(db);
  for (const column of CHALLENGE_COLUMNS) await db.schema.alterTable('discord_links').dropColumn(column).execute();

  await db.schema
    .createTable('discord_interactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('discord_interactions_seen').on('discord_interactions').column('seen_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('discord_interactions').ifExists().execute();
  for (const column of CHALLENGE_COLUMNS) {
    const type = column.endsWith('_id') ? 'integer' : 'text';
    await db.schema.alterTable('discord_links').addColumn(column, type).execute();
  }
  await db.schema.dropTable('discord_link_claims').ifExists().execute();
}
