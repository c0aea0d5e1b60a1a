import type { Generated } from 'kysely';
import type {
  AdminUsersTable,
  CaptchasTable,
  PasswordResetTokensTable,
  RateLimitsTable,
  TotpRecoveryCodesTable,
  LoginChallengesTable,
} from './schema-auth.js';
import type {
  ClanLogTable,
  ClansTable,
  ClanSettingsTable,
  LeaderNotesTable,
  MemberMovesTable,
  MemberStintsTable,
  WatchListTable,
} from './schema-family.js';
import type { DiscordInteractionsTable, DiscordLinkClaimsTable, DiscordLinksTable } from './schema-discord.js';
import type {
  DiscordRoleChangesTable,
  DiscordRoleOptoutsTable,
  DiscordRoleQueueTable,
  DiscordRoleRulesTable,
} from './schema-discord-roles.js';
import type {
  WarStateCacheTable,
  RaceProjectionsTable,
  WarDayReportsTable,
  WarDayDecksTable,
  RiverRaceDataTable,
  RiverRaceDaysTable,
  MemberTrophiesTable,
  MonthlySpotlightTable,
} from './schema-war.js';
import type { ScriptSchedulesTable, ScriptRunsTable, ScriptLocksTable, DiscordOutboxTable } from './schema-scripts.js';

// every table's row type, from the file that defines it (imported above for Database)
export type * from './schema-auth.js';
export type * from './schema-family.js';
export type * from './schema-discord.js';
export type * from './schema-discord-roles.js';
export type * from './schema-war.js';
export type * from './schema-scripts.js';

/**
 * Row types of every table (docs/architecture.md §4). Timestamps are ISO-8601 UTC strings
 * (docs/decisions/002-timestamps.md); booleans are 0/1 integers so both engines agree.
 */
export interface ClanMembersTable {
  /** the clan this row belongs to (docs/decisions/100-clan-family-data-model.md) */
  clan_tag: string;
  tag: string;
  name: string;
  role: string;
  first_seen_at: string;
  last_seen_at: string;
  left_at: string | null;
  exp_level: number | null;
  trophies: number | null;
  donations: number | null;
  donations_received: number | null;
  last_seen_in_game: string | null;
  /** the weekly donations counter just before it last reset (Monday) */
  donations_last_week: number | null;
  /** in the family since: the first stint's first_seen_at, carried over by a move within the family */
  family_first_seen_at: string;
}

/** A Discord user's choice for war reminders (docs/discord.md). */
export interface DiscordMembersTable {
  discord_user_id: string;
  /** 'dm' | 'channel' | 'off' */
  reminder_mode: string;
  updated_at: string;
}

/** A member excused from war for [starts_on, ends_on] (docs/decisions/081-excused-absences.md). */
export interface ExcusedAbsencesTable {
  id: Generated<number>;
  player_tag: string;
  /** YYYY-MM-DD, UTC calendar dates, both inclusive */
  starts_on: string;
  ends_on: string;
  reason: string | null;
  /** 'pending' | 'approved' | 'rejected' */
  status: string;
  /** 'discord:<user id>' or 'admin' */
  requested_by: string;
  decided_by: string | null;
  created_at: string;
  decided_at: string | null;
}

/** Something the admin should know: a failed run, an interrupted run, Discord delivery stopped, wrong sign-in codes. */
export interface AlertsTable {
  /** the clan of a failed run or a saved template; null for the family-wide ones */
  clan_tag: string | null;
  id: Generated<number>;
  /** 'run-failed' | 'run-interrupted' | 'discord-stopped' | 'wrong-codes' */
  kind: string;
  subject: string;
  message: string;
  script_run_id: number | null;
  created_at: string;
  acknowledged_at: string | null;
  mailed_at: string | null;
}

export interface ApiCacheTable {
  key: string;
  value: string;
  fetched_at: string;
}

/** A change the admin should hear about: listed in Account Settings, mailed when SMTP is set. */
export interface AuditEventsTable {
  /** the clan of a failed run or a saved template; null for the family-wide ones */
  clan_tag: string | null;
  id: Generated<number>;
  /** 'template-saved' | 'template-restored' */
  kind: string;
  subject: string;
  detail: string | null;
  created_at: string;
  mailed_at: string | null;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface Database {
  clan_members: ClanMembersTable;
  war_state_cache: WarStateCacheTable;
  war_day_reports: WarDayReportsTable;
  war_day_decks: WarDayDecksTable;
  river_race_data: RiverRaceDataTable;
  river_race_days: RiverRaceDaysTable;
  monthly_spotlight: MonthlySpotlightTable;
  member_trophies: MemberTrophiesTable;
  admin_users: AdminUsersTable;
  captchas: CaptchasTable;
  password_reset_tokens: PasswordResetTokensTable;
  rate_limits: RateLimitsTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  script_schedules: ScriptSchedulesTable;
  script_runs: ScriptRunsTable;
  script_locks: ScriptLocksTable;
  discord_outbox: DiscordOutboxTable;
  api_cache: ApiCacheTable;
  app_settings: AppSettingsTable;
  discord_links: DiscordLinksTable;
  alerts: AlertsTable;
  discord_members: DiscordMembersTable;
  excused_absences: ExcusedAbsencesTable;
  audit_events: AuditEventsTable;
  clans: ClansTable;
  clan_settings: ClanSettingsTable;
  member_moves: MemberMovesTable;
  member_stints: MemberStintsTable;
  discord_link_claims: DiscordLinkClaimsTable;
  discord_interactions: DiscordInteractionsTable;
  clan_log: ClanLogTable;
  leader_notes: LeaderNotesTable;
  watch_list: WatchListTable;
  race_projections: RaceProjectionsTable;
  discord_role_rules: DiscordRoleRulesTable;
  discord_role_optouts: DiscordRoleOptoutsTable;
  discord_role_queue: DiscordRoleQueueTable;
  discord_role_changes: DiscordRoleChangesTable;
}

/** Every table the migrations create, for tests that check both engines. */
export const TABLE_NAMES = [
  'clan_members',
  'war_state_cache',
  'war_day_reports',
  'war_day_decks',
  'river_race_data',
  'river_race_days',
  'monthly_spotlight',
  'member_trophies',
  'admin_users',
  'captchas',
  'password_reset_tokens',
  'rate_limits',
  'totp_recovery_codes',
  'login_challenges',
  'script_schedules',
  'script_runs',
  'script_locks',
  'discord_outbox',
  'api_cache',
  'app_settings',
  'discord_links',
  'alerts',
  'discord_members',
  'excused_absences',
  'audit_events',
  'clans',
  'clan_settings',
  'member_moves',
  'member_stints',
  'discord_link_claims',
  'discord_interactions',
  'clan_log',
  'leader_notes',
  'watch_list',
  'race_projections',
  'discord_role_rules',
  'discord_role_optouts',
  'discord_role_queue',
  'discord_role_changes',
] as const satisfies readonly (keyof Database)[];
