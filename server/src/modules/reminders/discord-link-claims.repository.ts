import type { Selectable } from 'kysely';
import type { DbHandle } from '../../db/handle.js';
import type { DiscordLinkClaimsTable } from '../../db/schema.js';

/**
 * SQL of discord_link_claims: each claimant's own ownership challenge for a tag
 * (docs/decisions/110-discord-link-claims.md). A second claimant never cancels the first one's: proof decides.
 */

export interface CardRef {
  id: number;
  name: string;
}

/** An ownership challenge: set `favourite` as favourite card and put `deckCard` in the current deck. */
export interface LinkChallenge {
  favourite: CardRef;
  deckCard: CardRef;
  expiresAt: Date;
  /** the profile the API serves may be this old: a check before this instant would see the old one */
  checkableAt: Date;
}

const toChallenge = (r: Selectable<DiscordLinkClaimsTable>): LinkChallenge => ({
  favourite: { id: r.favourite_id, name: r.favourite_name },
  deckCard: { id: r.deck_id, name: r.deck_name },
  expiresAt: new Date(r.expires_at),
  checkableAt: new Date(r.checkable_at),
});

/** The caller's own challenge for a tag (expired or not), or null. */
export async function findClaim(db: DbHandle, tag: string, discordUserId: string): Promise<LinkChallenge | null> {
  const row = await db
    .selectFrom('discord_link_claims')
    .selectAll()
    .where('player_tag', '=', tag)
    .where('discord_user_id', '=', discordUserId)
    .executeTakeFirst();
  return row ? toChallenge(row) : null;
}

/** The tags a user has an open (unexpired) challenge for. */
export async function openClaimTagsOfUser(db: DbHandle, discordUserId: string, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('discord_link_claims')
    .select('player_tag')
    .where('discord_user_id', '=', discordUserId)
    .where('expires_at', '>', now.toISOString())
    .orderBy('player_tag')
    .execute();
  return rows.map((r) => r.player_tag);
}

/** The claimant's challenge, replacing their earlier one for the tag; expired challenges of the tag are dropped. */
export async function saveClaim(
  db: DbHandle,
  tag: string,
  discordUserId: string,
  challenge: LinkChallenge,
  now: Date,
): Promise<void> {
  await db
    .deleteFrom('discord_link_claims')
    .where('player_tag', '=', tag)
    .where('expires_at', '<=', now.toISOString())
    .execute();
  const values = {
    favourite_id: challenge.favourite.id,
    favourite_name: challenge.favourite.name,
    deck_id: challenge.deckCard.id,
    deck_name: challenge.deckCard.name,
    expires_at: challenge.expiresAt.toISOString(),
    checkable_at: challenge.checkableAt.toISOString(),
    created_at: now.toISOString(),
  };
  await db
    .insertInto('discord_link_claims')
    .values({ player_tag: tag, discord_user_id: discordUserId, ...values })
    .onConflict((oc) => oc.columns(['player_tag', 'discord_user_id']).doUpdateSet(values))
    .execute();
}

/** After a check that did not show the challenge: the claimant's next check waits for the API's cache age. */
export async function setCheckableAt(db: DbHandle, tag: string, discordUserId: string, at: Date): Promise<void> {
  await db
    .updateTable('discord_link_claims')
    .set({ checkable_at: at.toISOString() })
    .where('player_tag', '=', tag)
    .where('discord_user_id', '=', discordUserId)
    .execute();
}

/** Takes the claimant's unexpired challenge away; false when there was none (gone, expired, or never made). */
export async function takeOpenClaim(db: DbHandle, tag: string, discordUserId: string, now: Date): Promise<boolean> {
  const result = await db
    .deleteFrom('discord_link_claims')
    .where('player_tag', '=', tag)
    .where('discord_user_id', '=', discordUserId)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** One claimant's challenge of a tag, or every claimant's when no user is given; true when any was deleted. */
export async function deleteClaims(db: DbHandle, tag: string, discordUserId?: string): Promise<boolean> {
  let q = db.deleteFrom('discord_link_claims').where('player_tag', '=', tag);
  if (discordUserId) q = q.where('discord_user_id', '=', discordUserId);
  return Number((await q.executeTakeFirst()).numDeletedRows) > 0;
}

/** Every challenge of one user (/unlink without a tag); the tags they were for. */
export async function deleteClaimsOfUser(db: DbHandle, discordUserId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('discord_link_claims')
    .where('discord_user_id', '=', discordUserId)
    .returning('player_tag')
    .execute();
  return rows.map((r) => r.player_tag);
}
