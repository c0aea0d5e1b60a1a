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
  /** the leaders' log channel webhook, sealed like `webhook_url`; null: the log is not posted */
  log_webhook_url: string | null;
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

/** A roster change the polls saw (docs/leaders-memory.md): one row per player, kind and instant. */
export interface ClanLogTable {
  id: Generated<number>;
  clan_tag: string;
  player_tag: string;
  /** the player's name when it happened */
  name: string;
  /** 'joined' | 'returned' | 'moved' | 'left' | 'promoted' | 'demoted' | 'renamed' */
  kind: string;
  at: string;
  /** a move's other clan: where a 'moved' player came from, where a 'left' one went (null: left the family) */
  other_clan_tag: string | null;
  /** JSON: the roles of a promotion or demotion, the old name of a rename, a return's last stint */
  detail: string | null;
  /** 1 once the clan's next poll took it into its log channel message (posted or, without a channel, passed over) */
  posted: Generated<number>;
}

/** A leader's note or strike on a player: leaders' data, never public. */
export interface LeaderNotesTable {
  id: Generated<number>;
  player_tag: string;
  /** the clan the player was in (or the admin named) when it was written */
  clan_tag: string;
  /** 'note' | 'strike' */
  kind: string;
  reason: string;
  created_at: string;
  /** a strike stops counting at this instant; null for a note */
  expires_at: string | null;
  /** 'admin', 'discord:<user id>' or 'auto' */
  author: string;
  /** an automatic strike's day or week, so it is given once */
  auto_key: string | null;
}

/** A player leaders flagged: alerted when they join a family clan, once per stint. */
export interface WatchListTable {
  player_tag: string;
  reason: string;
  added_at: string;
  added_by: string;
  /** `<clan tag> <joined_at>` of the stint last alerted on */
  alerted_stint: string | null;
}
