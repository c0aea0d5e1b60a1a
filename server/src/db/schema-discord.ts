import type { Generated } from 'kysely';

/** Row types of the Discord tables (docs/discord.md, docs/decisions/110-discord-link-claims.md). */

/**
 * A player tag linked to a Discord user, so reminders can mention them (docs/decisions/035-war-reminders.md)
 * and the member can ask about their own war (docs/discord.md). One user may hold several tags.
 */
export interface DiscordLinksTable {
  player_tag: string;
  discord_user_id: string;
  created_at: string;
  /** 'claimed' (the newest claim, not proven) | 'verified' (proven in the game) | 'confirmed' (by a leader) */
  status: Generated<string>;
  /** when the link was verified or confirmed */
  verified_at: string | null;
}

/** One claimant's open ownership challenge for a tag: each claimant has their own, and proof decides. */
export interface DiscordLinkClaimsTable {
  player_tag: string;
  discord_user_id: string;
  /** the favourite card to set… */
  favourite_id: number;
  favourite_name: string;
  /** …and the card to put in the current deck, before `expires_at` */
  deck_id: number;
  deck_name: string;
  expires_at: string;
  /** the profile the API serves is cached until then: an earlier check would see the old one */
  checkable_at: string;
  created_at: string;
}

/** Interaction ids already answered, kept 15 minutes so a captured request cannot be played again. */
export interface DiscordInteractionsTable {
  id: string;
  seen_at: string;
}
