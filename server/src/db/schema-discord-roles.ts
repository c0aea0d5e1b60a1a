import type { Generated } from 'kysely';

/** Row types of the Discord roles tables (docs/decisions/160-discord-roles.md). */

/** The admin's role rules: one row (id 1), the rules as JSON, checked with zod on read. */
export interface DiscordRoleRulesTable {
  id: number;
  rules: string;
  updated_at: string;
}

/** A member who keeps their own nickname. */
export interface DiscordRoleOptoutsTable {
  discord_user_id: string;
  at: string;
}

/** A Discord user whose roles must be brought in line: kept until a sync succeeds (an outage loses nothing). */
export interface DiscordRoleQueueTable {
  discord_user_id: string;
  /** what asked for it: 'link', 'roster', 'reconcile', 'rules' */
  reason: string;
  queued_at: string;
  attempts: Generated<number>;
  /** not tried again before this instant (Discord down or rate-limited) */
  next_attempt_at: string | null;
  last_error: string | null;
}

/** One change ClanOps made or Discord refused, with its reason in the admin's words. */
export interface DiscordRoleChangesTable {
  id: Generated<number>;
  discord_user_id: string;
  /** 'add-role' | 'remove-role' | 'set-nick' */
  kind: string;
  role_id: string | null;
  nick: string | null;
  reason: string;
  /** 'applied' | 'refused' */
  outcome: string;
  error: string | null;
  at: string;
}
