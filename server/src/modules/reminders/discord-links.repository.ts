import type { Selectable } from 'kysely';
import type { DbHandle } from '../../db/handle.js';
import type { DiscordLinksTable } from '../../db/schema.js';
import type { LinkStatus } from '#contracts/admin-members';

/** SQL of discord_links: a player tag linked to one Discord user (docs/reminders.md "Links", docs/discord.md). */

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

export interface LinkRow {
  tag: string;
  discordUserId: string;
  status: LinkStatus;
  verifiedAt: Date | null;
  challenge: LinkChallenge | null;
}

/** A link proven in the game or confirmed by a leader (a claim alone pings nobody). */
export const PROVEN: readonly LinkStatus[] = ['verified', 'confirmed'];

function toLink(r: Selectable<DiscordLinksTable>): LinkRow {
  const open =
    r.challenge_favourite_id !== null &&
    r.challenge_deck_id !== null &&
    r.challenge_expires_at !== null &&
    r.challenge_checkable_at !== null;
  return {
    tag: r.player_tag,
    discordUserId: r.discord_user_id,
    status: r.status as LinkStatus,
    verifiedAt: r.verified_at ? new Date(r.verified_at) : null,
    challenge: open
      ? {
          favourite: { id: r.challenge_favourite_id!, name: r.challenge_favourite_name ?? '' },
          deckCard: { id: r.challenge_deck_id!, name: r.challenge_deck_name ?? '' },
          expiresAt: new Date(r.challenge_expires_at!),
          checkableAt: new Date(r.challenge_checkable_at!),
        }
      : null,
  };
}

const NO_CHALLENGE = {
  challenge_favourite_id: null,
  challenge_favourite_name: null,
  challenge_deck_id: null,
  challenge_deck_name: null,
  challenge_expires_at: null,
  challenge_checkable_at: null,
};

/**
 * Player tag → Discord user id of the links a channel reminder mentions: proven links whose owner
 * chose channel mentions (the default). Claimed links and members who chose DMs or nothing are left out.
 */
export async function linksByTag(db: DbHandle): Promise<Map<string, string>> {
  const targets = await reminderTargets(db);
  return new Map([...targets].filter(([, t]) => t.mode === 'channel').map(([tag, t]) => [tag, t.discordUserId]));
}

/** Every proven link with its owner's reminder choice: for channel mentions and direct messages. */
export async function reminderTargets(
  db: DbHandle,
): Promise<Map<string, { discordUserId: string; mode: 'dm' | 'channel' | 'off' }>> {
  const rows = await db
    .selectFrom('discord_links')
    .leftJoin('discord_members', 'discord_members.discord_user_id', 'discord_links.discord_user_id')
    .select(['discord_links.player_tag', 'discord_links.discord_user_id', 'discord_members.reminder_mode'])
    .where('discord_links.status', 'in', [...PROVEN])
    .execute();
  return new Map(
    rows.map((r) => [
      r.player_tag,
      {
        discordUserId: r.discord_user_id,
        mode: r.reminder_mode === 'dm' || r.reminder_mode === 'off' ? r.reminder_mode : 'channel',
      },
    ]),
  );
}

/** A link typed in by the admin: confirmed at once, replacing whatever the tag had. */
export async function upsertLink(db: DbHandle, tag: string, discordUserId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const values = { discord_user_id: discordUserId, status: 'confirmed', verified_at: at, ...NO_CHALLENGE };
  await db
    .insertInto('discord_links')
    .values({ player_tag: tag, created_at: at, ...values })
    .onConflict((oc) => oc.column('player_tag').doUpdateSet(values))
    .execute();
}

/** A claim from Discord with its challenge: replaces the tag's row (callers never replace a proven link). */
export async function saveClaim(
  db: DbHandle,
  tag: string,
  discordUserId: string,
  challenge: LinkChallenge,
  now: Date,
): Promise<void> {
  const values = {
    discord_user_id: discordUserId,
    status: 'claimed',
    verified_at: null,
    challenge_favourite_id: challenge.favourite.id,
    challenge_favourite_name: challenge.favourite.name,
    challenge_deck_id: challenge.deckCard.id,
    challenge_deck_name: challenge.deckCard.name,
    challenge_expires_at: challenge.expiresAt.toISOString(),
    challenge_checkable_at: challenge.checkableAt.toISOString(),
  };
  await db
    .insertInto('discord_links')
    .values({ player_tag: tag, created_at: now.toISOString(), ...values })
    .onConflict((oc) => oc.column('player_tag').doUpdateSet(values))
    .execute();
}

/** Verified (proof seen) or confirmed (by a leader) from claimed; false when the row is not that user's claim. */
export async function markProven(
  db: DbHandle,
  tag: string,
  status: 'verified' | 'confirmed',
  now: Date,
  discordUserId?: string,
): Promise<boolean> {
  let q = db
    .updateTable('discord_links')
    .set({ status, verified_at: now.toISOString(), ...NO_CHALLENGE })
    .where('player_tag', '=', tag)
    .where('status', '=', 'claimed');
  if (discordUserId) q = q.where('discord_user_id', '=', discordUserId);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** After a check that did not show the challenge: the next check waits for the API's cache age. */
export async function setCheckableAt(db: DbHandle, tag: string, at: Date): Promise<void> {
  await db
    .updateTable('discord_links')
    .set({ challenge_checkable_at: at.toISOString() })
    .where('player_tag', '=', tag)
    .execute();
}

export async function clearChallenge(db: DbHandle, tag: string): Promise<void> {
  await db.updateTable('discord_links').set(NO_CHALLENGE).where('player_tag', '=', tag).execute();
}

export async function findLink(db: DbHandle, tag: string): Promise<LinkRow | null> {
  const row = await db.selectFrom('discord_links').selectAll().where('player_tag', '=', tag).executeTakeFirst();
  return row ? toLink(row) : null;
}

/** A Discord user's links (alts included), by tag. */
export async function linksOfUser(db: DbHandle, discordUserId: string): Promise<LinkRow[]> {
  const rows = await db
    .selectFrom('discord_links')
    .selectAll()
    .where('discord_user_id', '=', discordUserId)
    .orderBy('player_tag')
    .execute();
  return rows.map(toLink);
}

export async function deleteLink(db: DbHandle, tag: string, discordUserId?: string): Promise<boolean> {
  let q = db.deleteFrom('discord_links').where('player_tag', '=', tag);
  if (discordUserId) q = q.where('discord_user_id', '=', discordUserId);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Current members with their link (the admin members view), by name. */
export async function membersWithLinks(
  db: DbHandle,
  clanTag: string,
): Promise<
  { tag: string; name: string; role: string | null; discordUserId: string | null; linkStatus: LinkStatus | null }[]
> {
  const rows = await db
    .selectFrom('clan_members')
    .leftJoin('discord_links', 'discord_links.player_tag', 'clan_members.tag')
    .select([
      'clan_members.tag',
      'clan_members.name',
      'clan_members.role',
      'discord_links.discord_user_id',
      'discord_links.status',
    ])
    .where('clan_members.clan_tag', '=', clanTag)
    .where('clan_members.left_at', 'is', null)
    .orderBy('clan_members.name')
    .orderBy('clan_members.tag')
    .execute();
  return rows.map((r) => ({
    tag: r.tag,
    name: r.name,
    role: r.role ?? null,
    discordUserId: r.discord_user_id ?? null,
    linkStatus: r.discord_user_id ? ((r.status ?? 'confirmed') as LinkStatus) : null,
  }));
}
