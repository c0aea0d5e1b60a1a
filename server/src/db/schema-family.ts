import type { Generated } from 'kysely';

/** Row types of a clan family's own tables (docs/decisions/100-clan-family-data-model.md). */

/** A clan of the family: the main clan (CLAN_TAG) and the clans the admin added. */
export interface ClansTable {
  tag: string;
  /** as last seen in the game; null until first polled */
  name: string | null;
  /** 'main' | 'family' */
  role: string;
  /** display order, 0 for the main clan; also its polling phase */
  position: number;
  added_at: string;
  /** null while the clan is in the family */
  removed_at: string | null;
  /** the clan's Discord webhook, sealed (secret-box.ts); null: none (the main clan falls back to DISCORD_WEBHOOK_URL) */
  webhook_url: string | null;
}

/** One clan's setting: war rules, reminder offsets, message templates, the monthly correction mark. */
export interface ClanSettingsTable {
  clan_tag: string;
  key: string;
  value: string;
}

/** A player who left one family clan and joined another within the move window: one history, not a leave and a join. */
export interface MemberMovesTable {
  id: Generated<number>;
  player_tag: string;
  from_clan_tag: string;
  to_clan_tag: string;
  /** the old stint's end */
  left_at: string;
  /** the new stint's start */
  joined_at: string;
}

/** Every stretch of a player in one clan: a return is a new row, the earlier ones stay (docs/war-tracking.md §5). */
export interface MemberStintsTable {
  id: Generated<number>;
  clan_tag: string;
  player_tag: string;
  joined_at: string;
  /** null while the stint lasts */
  left_at: string | null;
}
