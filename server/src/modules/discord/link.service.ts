import { randomInt } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { normaliseClanTag } from '../../lib/clan-tag.js';
import { UpstreamError } from '../../lib/upstream-error.js';
import { claimLink, findLink, proveClaim, unlinkAllOwn, unlinkOwn } from '../reminders/discord-links.repository.js';
import {
  deleteClaims,
  findClaim,
  setCheckableAt,
  type LinkChallenge,
} from '../reminders/discord-link-claims.repository.js';
import { discordName } from '../war/discord-text.js';
import { BUTTON } from './commands.js';
import { CHALLENGE_MS, challengeGaps, challengeMet, chooseChallenge, shortSpan } from './link-challenge.js';
import type { DiscordMessage, GameApi, PlayerProfile } from './ports.js';
import { buttons, message } from './replies.js';

/** The API's own cache age for a profile when it does not say (docs/clash-royale-api.md §3). */
const DEFAULT_PROFILE_AGE_S = 60;

const LINK_HELP =
  'Until then the link is *claimed*: it is not used for reminders, and a leader can confirm it in the admin panel.';

export interface LinkDeps {
  ctx: Pick<AppContext, 'db' | 'clock' | 'log'>;
  game: Pick<GameApi, 'getPlayerWithAge'>;
  /** a link of this user was proven or removed (the Discord roles sync them at once) */
  linked?: (userId: string) => void;
}

/** The tag as the game writes it, or null. */
export const tagOf = (input: string | undefined): string | null => (input ? normaliseClanTag(input) : null);

const verifyRow = (tag: string) => [buttons({ id: `${BUTTON.verifyLink}${tag}`, label: 'Verify', style: 'success' })];

/**
 * /link, the Verify button and /unlink (docs/discord.md, docs/decisions/080-link-states.md, 110-discord-link-claims.md).
 * A claim asks for proof in the game with a challenge of the claimant's own; proof (or a leader) makes the link
 * count. A proven link is never taken over by someone else's claim. Card names are the game's own: shown as they are.
 */
export function createLinkCommands(deps: LinkDeps) {
  const db = deps.ctx.db.kysely;
  const now = () => deps.ctx.clock.now();

  async function profile(
    tag: string,
  ): Promise<{ ok: true; player: PlayerProfile; ageMs: number } | { ok: false; text: string }> {
    try {
      const { player, maxAgeSeconds } = await deps.game.getPlayerWithAge(tag);
      return { ok: true, player, ageMs: (maxAgeSeconds ?? DEFAULT_PROFILE_AGE_S) * 1000 };
    } catch (err) {
      if (err instanceof UpstreamError && err.reason === 'notFound') {
        return { ok: false, text: `No player has the tag ${tag}. Check it on your profile in the game.` };
      }
      deps.ctx.log.warn({ err, tag }, 'discord: player profile unavailable');
      return { ok: false, text: 'The Clash Royale API could not be reached just now. Try again in a few minutes.' };
    }
  }

  async function newChallenge(userId: string, tag: string): Promise<DiscordMessage> {
    const found = await profile(tag);
    if (!found.ok) return message(found.text);
    const cards = chooseChallenge(found.player, (n) => randomInt(n));
    if (!cards) {
      return message(
        `${tag} owns too few cards for an ownership check. Ask a leader to confirm the link in the admin panel.`,
      );
    }
    const at = now();
    const expiresAt = new Date(at.getTime() + CHALLENGE_MS);
    const challenge = { ...cards, expiresAt, checkableAt: new Date(at.getTime() + found.ageMs) };
    if (!(await claimLink(db, tag, userId, challenge, at))) return message(await alreadyLinked(userId, tag));
    return message(
      [
        `**${discordName(found.player.name)}** (${tag}): prove this account is yours. In the game, within 15 minutes:`,
        `1. set your favourite card to **${cards.favourite.name}**;`,
        `2. put **${cards.deckCard.name}** in your current deck.`,
        `Then press **Verify** (or run \`/link ${tag}\` again). The game's API shows changes after about ${shortSpan(found.ageMs)}.`,
        LINK_HELP,
      ].join('\n'),
      verifyRow(tag),
    );
  }

  /** Why a claim cannot be made or proven: the tag is proven, for the caller or for someone else. */
  async function alreadyLinked(userId: string, tag: string): Promise<string> {
    const link = await findLink(db, tag);
    if (!link || link.status === 'claimed') return `${tag} is no longer open to a claim. Run \`/link ${tag}\` again.`;
    return link.discordUserId === userId
      ? `${tag} is already linked to you (${link.status}).`
      : `${tag} is already linked to another Discord member, and that link was ` +
          `${link.status === 'verified' ? 'proven in the game' : 'confirmed by a leader'}. If this account is yours, ask a leader.`;
  }

  async function check(userId: string, tag: string, challenge: LinkChallenge): Promise<DiscordMessage> {
    const at = now();
    if (challenge.expiresAt <= at) {
      await deleteClaims(db, tag, userId);
      return message(
        `Your check for ${tag} has expired (15 minutes). Run \`/link ${tag}\` for a new one. ${LINK_HELP}`,
      );
    }
    if (at < challenge.checkableAt) {
      const wait = shortSpan(challenge.checkableAt.getTime() - at.getTime());
      return message(
        `Not checked yet: the game's API may still show your profile as it was before ` +
          `the change. Press **Verify** again in ${wait}. The link to ${tag} stays claimed.`,
        verifyRow(tag),
      );
    }
    const found = await profile(tag);
    if (!found.ok) return message(found.text, verifyRow(tag));
    if (challengeMet(found.player, challenge)) {
      const outcome = await proveClaim(db, tag, userId, now());
      if (outcome === 'no-claim')
        return message(`You have no open claim on ${tag}. Run \`/link ${tag}\` to start one.`);
      if (outcome === 'taken') return message(await alreadyLinked(userId, tag));
      deps.linked?.(userId);
      return message(
        `Verified: **${discordName(found.player.name)}** (${tag}) is linked to you. Reminders can now mention you.`,
      );
    }
    await setCheckableAt(db, tag, userId, new Date(at.getTime() + found.ageMs));
    const left = shortSpan(challenge.expiresAt.getTime() - at.getTime());
    return message(
      `Not verified yet: ${challengeGaps(found.player, challenge).join(', and ')}. Make the change in the game, then press ` +
        `**Verify** again after ${shortSpan(found.ageMs)} (the check stays open for ${left}). The link to ${tag} stays claimed.`,
      verifyRow(tag),
    );
  }

  return {
    /** /link tag: a new claim with the caller's own challenge, or the check of the caller's open one. */
    async link(userId: string, tag: string): Promise<DiscordMessage> {
      const existing = await findLink(db, tag);
      if (existing && existing.status !== 'claimed') return message(await alreadyLinked(userId, tag));
      const own = await findClaim(db, tag, userId);
      if (own && own.expiresAt > now()) return check(userId, tag, own);
      return newChallenge(userId, tag);
    },

    /** The Verify button of a challenge: the caller's own, whoever claimed the tag after them. */
    async verify(userId: string, tag: string): Promise<DiscordMessage> {
      const link = await findLink(db, tag);
      if (link && link.status !== 'claimed') return message(await alreadyLinked(userId, tag));
      const own = await findClaim(db, tag, userId);
      if (!own) return message(`You have no open claim on ${tag}. Run \`/link ${tag}\` to start one.`);
      return check(userId, tag, own);
    },

    /** /unlink [tag]: that link (and the caller's challenge for it), or all the caller's links and challenges. */
    async unlink(userId: string, tag: string | null): Promise<string> {
      if (tag) {
        if (!(await unlinkOwn(db, tag, userId))) return `${tag} is not linked to you.`;
        deps.linked?.(userId);
        return `${tag} is no longer linked to you.`;
      }
      const mine = await unlinkAllOwn(db, userId);
      if (mine.length) deps.linked?.(userId);
      return mine.length === 0 ? 'You have no linked player.' : `Unlinked: ${mine.join(', ')}.`;
    },
  };
}

export type LinkCommands = ReturnType<typeof createLinkCommands>;
