import type { Selectable } from 'kysely';
import { inTransaction, type DbHandle } from '../../db/handle.js';
import type { DiscordLinksTable } from '../../db/schema.js';
import type { LinkStatus } from '#contracts/admin-members';
import {
  deleteClaims,
  deleteClaimsOfUser,
  saveClaim,
  takeOpenClaim,
  type LinkChallenge,
} from './discord-link-claims.repository.js';

/**
 * SQL of discord_links: a player tag linked to one Discord user (docs/reminders.md "Links", docs/discord.md). Every
 * change of state is one conditional statement in one transaction, never a read followed by a write, so a claim,
 * a proof and a leader's Confirm that race each other cannot undo one another
 * (docs/decisions/110-discord-link-claims.md).
 */

export interface LinkRow {
  tag: string;
  discordUserId: string;
  status: LinkStatus;
  verifiedAt: Date | null;
}

/** A link proven in the game or confirmed by a leader: the only links that act for a member. */
export const PROVEN: readonly LinkStatus[] = ['verified', 'confirmed'];

const toLink = (r: Selectable<DiscordLinksTable>): LinkRow => ({
  tag: r.player_tag,
  discordUserId: r.discord_user_id,
  status: r.status as LinkStatus,
  verifiedAt: r.verified_at ? new Date(r.verified_at) : null,
});

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

/** A link typed in by the admin: confirmed at once, replacing whatever the tag had; open challenges end. */
export async function upsertLink(db: DbHandle, tag: string, discordUserId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const values = { discord_user_id: discordUserId, status: 'confirmed', verified_at: at };
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('discord_links')
      .values({ player_tag: tag, created_at: at, ...values })
      .onConflict((oc) => oc.column('player_tag').doUpdateSet(values))
      .execute();
    await deleteClaims(trx, tag);
  });
}

/**
 * A claim from Discord with the claimant's own challenge. The tag's row shows the newest claimant, unless the tag
 * is proven: a verified or confirmed row is never replaced (the conditional upsert changes nothing), and then no
 * challenge is stored. False when the tag was proven.
 */
export async function claimLink(
  db: DbHandle,
  tag: string,
  discordUserId: string,
  challenge: LinkChallenge,
  now: Date,
): Promise<boolean> {
  const values = { discord_user_id: discordUserId, status: 'claimed', verified_at: null };
  return inTransaction(db, async (trx) => {
    const result = await trx
      .insertInto('discord_links')
      .values({ player_tag: tag, created_at: now.toISOString(), ...values })
      .onConflict((oc) =>
        oc
          .column('player_tag')
          .doUpdateSet({ ...values, created_at: now.toISOString() })
          .where('discord_links.status', '=', 'claimed'),
      )
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
    await saveClaim(trx, tag, discordUserId, challenge, now);
    return true;
  });
}

export type ProofOutcome = 'verified' | 'no-claim' | 'taken';

/**
 * The claimant's challenge was seen in the game: their link becomes verified, whoever the row showed as the newest
 * claimant, unless the tag was proven (or confirmed) meanwhile. Every challenge of the tag then ends.
 */
export async function proveClaim(db: DbHandle, tag: string, discordUserId: string, now: Date): Promise<ProofOutcome> {
  const at = now.toISOString();
  const values = { discord_user_id: discordUserId, status: 'verified', verified_at: at };
  return inTransaction(db, async (trx) => {
    if (!(await takeOpenClaim(trx, tag, discordUserId, now))) return 'no-claim';
    const result = await trx
      .insertInto('discord_links')
      .values({ player_tag: tag, created_at: at, ...values })
      .onConflict((oc) => oc.column('player_tag').doUpdateSet(values).where('discord_links.status', '=', 'claimed'))
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) return 'taken';
    await deleteClaims(trx, tag);
    return 'verified';
  });
}

/**
 * A leader confirms the (tag, Discord user) pair they saw claimed: one conditional update, so it lands on that pair
 * or on nothing (a newer claim, a proof or an unlink in between). False when the pair is no longer a claim.
 */
export async function confirmClaim(db: DbHandle, tag: string, discordUserId: string, now: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('discord_links')
      .set({ status: 'confirmed', verified_at: now.toISOString() })
      .where('player_tag', '=', tag)
      .where('discord_user_id', '=', discordUserId)
      .where('status', '=', 'claimed')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await deleteClaims(trx, tag);
    return true;
  });
}

export async function findLink(db: DbHandle, tag: string): Promise<LinkRow | null> {
  const row = await db.selectFrom('discord_links').selectAll().where('player_tag', '=', tag).executeTakeFirst();
  return row ? toLink(row) : null;
}

/** A Discord user's links (alts included), by tag; `proven` keeps only verified and confirmed ones. */
export async function linksOfUser(
  db: DbHandle,
  discordUserId: string,
  options: { proven?: boolean } = {},
): Promise<LinkRow[]> {
  let q = db.selectFrom('discord_links').selectAll().where('discord_user_id', '=', discordUserId);
  if (options.proven) q = q.where('status', 'in', [...PROVEN]);
  return (await q.orderBy('player_tag').execute()).map(toLink);
}

/** The admin's unlink: the tag's link and every challenge for it. False when there was neither. */
export async function deleteLink(db: DbHandle, tag: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const link = await trx.deleteFrom('discord_links').where('player_tag', '=', tag).executeTakeFirst();
    const claims = await deleteClaims(trx, tag);
    return Number(link.numDeletedRows) > 0 || claims;
  });
}

/** A member's /unlink of one tag: their link to it (any state) and their own challenge. */
export async function unlinkOwn(db: DbHandle, tag: string, discordUserId: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const link = await trx
      .deleteFrom('discord_links')
      .where('player_tag', '=', tag)
      .where('discord_user_id', '=', discordUserId)
      .executeTakeFirst();
    const claim = await deleteClaims(trx, tag, discordUserId);
    return Number(link.numDeletedRows) > 0 || claim;
  });
}

/** A member's /unlink of everything: their links and challenges; the tags that were theirs. */
export async function unlinkAllOwn(db: DbHandle, discordUserId: string): Promise<string[]> {
  return inTransaction(db, async (trx) => {
    const links = await trx
      .deleteFrom('discord_links')
      .where('discord_user_id', '=', discordUserId)
      .returning('player_tag')
      .execute();
    const claims = await deleteClaimsOfUser(trx, discordUserId);
    return [...new Set([...links.map((l) => l.player_tag), ...claims])].sort();
  });
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
