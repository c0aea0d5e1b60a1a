import type { AdminMember } from '#contracts/admin-reminders';
import type { AppContext } from '../../app-context.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { normaliseClanTag } from '../../lib/clan-tag.js';
import { deleteLink, findLink, markProven, membersWithLinks, upsertLink } from './discord-links.repository.js';

/**
 * Player tags linked to Discord user ids (docs/reminders.md "Links"): reminders mention linked
 * members. Shown in the admin members view only, never on the public site. A link is claimed in Discord,
 * verified in the game, or confirmed by a leader (docs/discord.md).
 */
export function createDiscordLinksService(ctx: Pick<AppContext, 'db' | 'clock' | 'clans'>) {
  const db = ctx.db.kysely;
  const tagOf = (input: string): string => {
    const tag = normaliseClanTag(input);
    if (!tag) throw badRequest('That is not a player tag such as #2PQ8L0C.', 'INVALID_TAG');
    return tag;
  };
  return {
    members: (clanTag = ctx.clans.main.tag): Promise<AdminMember[]> => membersWithLinks(db, clanTag),
    async link(input: string, discordUserId: string): Promise<{ tag: string; discordUserId: string }> {
      const tag = tagOf(input);
      await upsertLink(db, tag, discordUserId, ctx.clock.now());
      return { tag, discordUserId };
    },
    /** A leader vouches for a claimed link (the Reminders tab's Confirm button). */
    async confirm(input: string): Promise<{ tag: string; status: 'confirmed' | 'verified' }> {
      const tag = tagOf(input);
      const link = await findLink(db, tag);
      if (!link) throw notFound(`${tag} is not linked to a Discord user.`);
      if (link.status !== 'claimed') return { tag, status: link.status };
      await markProven(db, tag, 'confirmed', ctx.clock.now());
      return { tag, status: 'confirmed' };
    },
    async unlink(input: string): Promise<{ tag: string }> {
      const tag = tagOf(input);
      if (!(await deleteLink(db, tag))) throw notFound(`${tag} is not linked to a Discord user.`);
      return { tag };
    },
  };
}

export type DiscordLinksService = ReturnType<typeof createDiscordLinksService>;
