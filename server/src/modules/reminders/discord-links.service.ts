import type { AdminMember } from '#contracts/admin-reminders';
import type { AppContext } from '../../app-context.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { normaliseClanTag } from '../../lib/clan-tag.js';
import { confirmClaim, deleteLink, findLink, membersWithLinks, upsertLink } from './discord-links.repository.js';

/**
 * Player tags linked to Discord user ids (docs/reminders.md "Links"): reminders mention linked
 * members. Shown in the admin members view only, never on the public site. A link is claimed in Discord,
 * verified in the game, or confirmed by a leader (docs/discord.md).
 */
export function createDiscordLinksService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'clans'>,
  /** a link of this user was set or confirmed by a leader (the Discord roles sync them at once) */
  linked: (discordUserId: string) => void = () => undefined,
) {
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
      linked(discordUserId);
      return { tag, discordUserId };
    },
    /**
     * A leader vouches for the claim they saw: this tag claimed by this Discord user (the Reminders tab's Confirm
     * button). It lands on that pair or on nothing (docs/decisions/110-discord-link-claims.md): when the tag
     * changed hands since, 409 says who holds it now.
     */
    async confirm(input: string, discordUserId: string): Promise<{ tag: string; status: 'confirmed' | 'verified' }> {
      const tag = tagOf(input);
      if (await confirmClaim(db, tag, discordUserId, ctx.clock.now())) {
        linked(discordUserId);
        return { tag, status: 'confirmed' };
      }
      const now = await findLink(db, tag);
      if (!now) throw notFound(`${tag} is not linked to a Discord user any more.`);
      if (now.discordUserId === discordUserId && now.status !== 'claimed') return { tag, status: now.status };
      const state = now.status === 'claimed' ? 'is now claimed by' : `is now ${now.status} for`;
      throw new AppError(
        409,
        'LINK_CHANGED',
        `${tag} ${state} Discord user ${now.discordUserId}, not ${discordUserId}: nothing was confirmed. Look at the link again before confirming.`,
      );
    },
    async unlink(input: string): Promise<{ tag: string }> {
      const tag = tagOf(input);
      if (!(await deleteLink(db, tag))) throw notFound(`${tag} is not linked to a Discord user.`);
      return { tag };
    },
  };
}

export type DiscordLinksService = ReturnType<typeof createDiscordLinksService>;
