import type { Generated } from 'kysely';

/**
 * Row types of every table (docs/architecture.md §4). Timestamps are ISO-8601 UTC strings
 * (docs/decisions/002-timestamps.md); booleans are 0/1 integers so both engines agree.
 */
export interface ClanMembersTable {
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
}

/** A player tag linked to a Discord user, so reminders can mention them (docs/decisions/035-war-reminders.md). */
export interface DiscordLinksTable {
  player_tag: string;
  discord_user_id: string;
  created_at: string;
}

/** Something the admin should know: a failed run, an interrupted run, Discord delivery stopped. */
export interface AlertsTable {
  id: Generated<number>;
  /** 'run-failed' | 'run-interrupted' | 'discord-stopped' */
  kind: string;
  subject: string;
  message: string;
  script_run_id: number | null;
  created_at: string;
  acknowledged_at: string | null;
  mailed_at: string | null;
}

export interface WarStateCacheTable {
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

/** One battle day reported by inactive-players, once (docs/war-tracking.md). */
export interface WarDayReportsTable {
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
  season_id: number;
  section_index: number;
  day: number;
  player_tag: string;
  player_name: string;
  decks_used: number;
  decks_used_max: number;
  /** 'ok' | 'inactive' | 'joined-during-day' | 'uncertain' */
  status: string;
}

export interface RiverRaceDataTable {
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
  clan_rank: number;
  trophy_change: number;
  clan_fame: number;
  stored_at: string;
}

export interface RiverRaceDaysTable {
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
  year: number;
  month: number;
  player_tag: string;
  player_name: string;
  fame_earned: number;
  weeks_counted: number;
  updated_at: string;
}

export interface AdminUsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  token_version: number;
  must_change_password: number;
  email: string | null;
  created_at: string;
  updated_at: string;
  /** SEC-MAIL-01: the requested address, applied only when its mailed link is opened */
  pending_email: string | null;
  pending_email_token_hash: string | null;
  pending_email_expires_at: string | null;
  /** SEC-MFA-01: base32 TOTP secret once enrolment is confirmed; the pending one until then */
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_pending_expires_at: string | null;
  /** the last accepted 30-second step: a code is never accepted twice */
  totp_last_step: number | null;
}

export interface CaptchasTable {
  id: string;
  answer: number;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  window_started_at: string;
  blocked_until: string | null;
}

export interface TotpRecoveryCodesTable {
  /** SHA-256 of a 120-bit code (docs/decisions/017-totp.md) */
  code_hash: string;
  user_id: number;
  created_at: string;
  used_at: string | null;
}

/** Between the password step and the code step of a login with TOTP. */
export interface LoginChallengesTable {
  token_hash: string;
  user_id: number;
  token_version: number;
  created_at: string;
  expires_at: string;
}

export interface ScriptSchedulesTable {
  script_id: string;
  cron: string;
  updated_at: string;
}

export interface ScriptRunsTable {
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
  script_id: string;
  holder: string;
  acquired_at: string;
  expires_at: string;
}

export interface DiscordOutboxTable {
  id: Generated<number>;
  script_run_id: number | null;
  script_id: string | null;
  created_at: string;
  payload: string;
  status: string;
  error: string | null;
}

export interface ApiCacheTable {
  key: string;
  value: string;
  fetched_at: string;
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
] as const satisfies readonly (keyof Database)[];
