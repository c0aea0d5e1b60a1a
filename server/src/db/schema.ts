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

export type {
  AdminUsersTable,
  CaptchasTable,
  PasswordResetTokensTable,
  RateLimitsTable,
  TotpRecoveryCodesTable,
  LoginChallengesTable,
  ClansTable,
  ClanSettingsTable,
  MemberMovesTable,
  MemberStintsTable,
  ClanLogTable,
  LeaderNotesTable,
  WatchListTable,
  DiscordInteractionsTable,
  DiscordLinkClaimsTable,
  DiscordLinksTable,
  DiscordRoleChangesTable,
  DiscordRoleOptoutsTable,
  DiscordRoleQueueTable,
  DiscordRoleRulesTable,
};

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

export interface WarStateCacheTable {
  /** the clan this row belongs to (docs/decisions/100-clan-family-data-model.md) */
  clan_tag: string;
  id: Generated<number>;
  taken_at: string;
  season_id: number | null;
  section_index: number;
  period_index: number;
  period_type: string;
  clan_fame: number;
  period_points: number;
  /** JSON: [{ tag, name, fame, decksUsed, decksUsedToday, boatAttacks }] */
  participants: string;
  /** JSON: [{ periodIndex, pointsEarned }] for the clan */
  period_logs: string;
  /** JSON: tags of the roster seen with this snapshot (null on rows from before roster tracking) */
  member_tags: string | null;
  /** when the clan crossed the finish line this week, if it has */
  finish_time: string | null;
}

/** The race projection made at the start of a battle day, once (docs/war-tracking.md "Where the race will end"). */
export interface RaceProjectionsTable {
  clan_tag: string;
  season_id: number;
  section_index: number;
  /** the battle day (1–4) it was made at the start of */
  day: number;
  made_at: string;
  /** 'normal' | 'colosseum' */
  mode: string;
  /** our clan's most likely place and its best and worst */
  place: number;
  place_best: number;
  place_worst: number;
  /** our clan's final fame: the 80% range and its middle */
  fame_low: number;
  fame_mid: number;
  fame_high: number;
  /** JSON: every clan's { tag, name, place, fameMid } */
  clans: string;
}

/** One battle day reported by inactive-players, once (docs/war-tracking.md). */
export interface WarDayReportsTable {
  /** the clan this row belongs to (docs/decisions/100-clan-family-data-model.md) */
  clan_tag: string;
  season_id: number;
  section_index: number;
  day: number;
  /** 'reported' | 'race-finished' */
  status: string;
  /** 1 when every member's count is exact or a range below 4 */
  complete: number;
  title: string;
  /** the day's reset lies between these two observations */
  day_started_after: string | null;
  day_ended_by: string | null;
  reported_at: string;
  script_run_id: number | null;
}

/** Each current member's decks on a reported battle day: exact, or a proven range. */
export interface WarDayDecksTable {
  /** the clan this row belongs to (docs/decisions/100-clan-family-data-model.md) */
  clan_tag: string;
  season_id: number;
  section_index: number;
  day: number;
  player_tag: string;
  player_name: string;
  decks_used: number;
  decks_used_max: number;
  /** 'ok' | 'inactive' | 'joined-during-day' | 'untracked' | 'uncertain' (excuses are read when shown) */
  status: string;
  /** JSON DeckPart[]: the day's decks per family clan, when another clan holds some; null otherwise */
  parts: string | null;
  /** decks the day's counters show outside the family */
  outside_family: Generated<number>;
}

export interface RiverRaceDataTable {
  /** the clan this row belongs to (docs/decisions/100-clan-family-data-model.md) */
  clan_tag: string;
  season_id: number;
  section_index: number;
  player_tag: string;
  player_name: string;
  fame: number;
  decks_used: number;
  boat_attacks: number;
  repair_points: number;
  /** 1/0 for the newest week at storing time; null for weeks backfilled from the log */
  was_member_at_end: number | null;
  created_date: string;
  /** when the clan crossed the finish line that week (the log's finishTime); null: it did not, or unknown */
  finish_time: string | null;
  clan_rank: number;
  trophy_change: number;
  clan_fame: number;
  stored_at: string;
}

export interface RiverRaceDaysTable {
  /** the clan this row belongs to (docs/decisions/100-clan-family-data-model.md) */
  clan_tag: string;
  season_id: number;
  section_index: number;
  period_index: number;
  points_earned: number;
  progress_earned: number;
  end_of_day_rank: number;
  recorded_at: string;
}

/** A member's trophies on one UTC day, as the first snapshot of that day saw the roster (kept 400 days). */
export interface MemberTrophiesTable {
  player_tag: string;
  /** YYYY-MM-DD (UTC) */
  day: string;
  trophies: number;
}

export interface MonthlySpotlightTable {
  /** the clan this row belongs to (docs/decisions/100-clan-family-data-model.md) */
  clan_tag: string;
  year: number;
  month: number;
  player_tag: string;
  player_name: string;
  fame_earned: number;
  weeks_counted: number;
  updated_at: string;
}

export interface ScriptSchedulesTable {
  /** the clan this row belongs to (docs/decisions/100-clan-family-data-model.md) */
  clan_tag: string;
  script_id: string;
  cron: string;
  updated_at: string;
}

export interface ScriptRunsTable {
  /** the clan this row belongs to (docs/decisions/100-clan-family-data-model.md) */
  clan_tag: string;
  id: Generated<number>;
  script_id: string;
  trigger: string;
  occurrence_key: string | null;
  status: string;
  message: string | null;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  /** JSON: { discordMessage, outputs[], errors[], dataProcessed } */
  details: string | null;
}

export interface ScriptLocksTable {
  /** the clan this row belongs to (docs/decisions/100-clan-family-data-model.md) */
  clan_tag: string;
  script_id: string;
  holder: string;
  acquired_at: string;
  expires_at: string;
}

/** One message to Discord and its delivery (docs/decisions/042-durable-outbox.md). */
export interface DiscordOutboxTable {
  /** the clan this row belongs to (docs/decisions/100-clan-family-data-model.md) */
  clan_tag: string;
  id: Generated<number>;
  script_run_id: number | null;
  script_id: string | null;
  created_at: string;
  payload: string;
  /**
   * 'outbox' (kept, no webhook) | 'pending' | 'failed' (retried) | 'sent' | 'abandoned' (given up) | 'expired' (its
   * moment passed before it could be sent: a reminder after its reset)
   */
  status: string;
  /** dropped as 'expired' rather than sent after this instant; null: no deadline */
  expires_at: string | null;
  error: string | null;
  attempts: Generated<number>;
  /** a failed row is not tried again before this instant */
  next_attempt_at: string | null;
  sent_at: string | null;
  /** parts of a split message Discord already holds: a retry sends only the rest */
  parts_sent: Generated<number>;
  /** JSON: the ids Discord gave the parts sent (`?wait=true`) */
  message_ids: string | null;
  /** the instance sending it now, until `claimed_until` (database clock) */
  claimed_by: string | null;
  claimed_until: string | null;
  /** null: the clan's webhook */
  destination: string | null;
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
