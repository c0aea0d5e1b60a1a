import type { AppContext } from '../../app-context.js';
import { takeAttempt, type ThrottlePolicy } from '../auth/throttle.js';
import type { Interaction } from './interaction.js';
import { rememberInteraction } from './interactions.repository.js';
import { shortSpan } from './link-challenge.js';

/**
 * Who may come through the Discord door, and how often (docs/discord.md §2, docs/decisions/111-discord-interactions-once.md,
 * 112-discord-command-cooldowns.md): only the configured server, each interaction once, each member a few commands a
 * minute. Checked before a command reads or changes anything.
 */

/** An interaction id is refused again for this long: three times the 5 minutes a signed timestamp stays valid. */
export const REPLAY_WINDOW_MS = 15 * 60_000;

/** Member commands (and the Verify button): 5 a minute per Discord user, then a minute's wait. */
export const MEMBER_COOLDOWN: ThrottlePolicy = { name: 'discord-member', limit: 5, windowMs: 60_000, blockMs: 60_000 };

/** `/remind` sends direct messages and mentions: once per 5 minutes per leader. */
export const REMIND_COOLDOWN: ThrottlePolicy = {
  name: 'discord-remind',
  limit: 1,
  windowMs: 5 * 60_000,
  blockMs: 5 * 60_000,
};

type DoorContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** The interaction comes from the configured server (DISCORD_GUILD_ID): a foreign server's admins are nobody here. */
export const fromOurServer = (ctx: DoorContext, i: Interaction): boolean =>
  i.guild_id !== undefined && i.guild_id === ctx.config.DISCORD_GUILD_ID;

export const FOREIGN_SERVER =
  'ClanOps answers only in its own clan’s Discord server: nothing was read or changed here.';

/** False when this interaction id was received before (within the replay window). */
export const firstTimeSeen = (ctx: DoorContext, i: Interaction): Promise<boolean> =>
  rememberInteraction(ctx.db.kysely, i.id, ctx.clock.now(), REPLAY_WINDOW_MS);

/** Takes one use from the user's bucket; the answer when they must wait, else null. */
export async function cooldown(ctx: DoorContext, policy: ThrottlePolicy, userId: string): Promise<string | null> {
  const waitMs = await takeAttempt(ctx.db, policy, userId, ctx.clock.now());
  if (waitMs <= 0) return null;
  const wait = shortSpan(waitMs);
  return policy === REMIND_COOLDOWN
    ? `The war reminder was sent a moment ago: \`/remind\` works again in about ${wait}.`
    : `Slow down: you can use ClanOps commands again in about ${wait}.`;
}
