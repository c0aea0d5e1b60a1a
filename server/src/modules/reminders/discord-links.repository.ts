import type { DbHandle } from '../../db/handle.js';

/** SQL of discord_links: a player tag linked to one Discord user (docs/reminders.md "Links"). */

export async function linksByTag(db: DbHandle): Promise<Map<string, string>> {
  const rows = await db.selectFrom('discord_links').select(['player_tag', 'discord_user_id']).execute();
  return new Map(rows.map((r) => [r.player_tag, r.discord_user_id]));
}

export async function upsertLink(db: DbHandle, tag: string, discordUserId: string, now: Date): Promise<void> {
  await db
    .insertInto('discord_links')
    .values({ player_tag: tag, discord_user_id: discordUserId, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('player_tag').doUpdateSet({ discord_user_id: discordUserId }))
    .execute();
}

export async function deleteLink(db: DbHandle, tag: string): Promise<boolean> {
  const result = await db.deleteFrom('discord_links').where('player_tag', '=', tag).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Current members with their link (the admin members view), by name. */
export async function membersWithLinks(
  db: DbHandle,
): Promise<{ tag: string; name: string; role: string | null; discordUserId: string | null }[]> {
  const rows = await db
    .selectFrom('clan_members')
    .leftJoin('discord_links', 'discord_links.player_tag', 'clan_members.tag')
    .select(['clan_members.tag', 'clan_members.name', 'clan_members.role', 'discord_links.discord_user_id'])
    .where('clan_members.left_at', 'is', null)
    .orderBy('clan_members.name')
    .orderBy('clan_members.tag')
    .execute();
  return rows.map((r) => ({
    tag: r.tag,
    name: r.name,
    role: r.role ?? null,
    discordUserId: r.discord_user_id ?? null,
  }));
}
