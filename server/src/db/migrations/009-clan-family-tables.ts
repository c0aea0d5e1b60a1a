/**
 * The tables 009 keys by clan, as 008 left them (docs/decisions/100-clan-family-data-model.md, "Table by table"):
 * SQLite rebuilds each from these columns, PostgreSQL alters them in place. Migrations import no app code.
 */
export interface ClanTable {
  name: string;
  /** the 008 columns in SQLite's words, without the key that changes */
  sqliteColumns: string;
  /** the 008 columns copied as they are */
  copiedColumns: string[];
  /** the new key, `clan_tag` in it; pgOldName is the constraint PostgreSQL drops */
  key?: { name: string; columns: string[]; unique?: boolean; pgOldName: string };
  /** indexes after 009 (PostgreSQL: dropped when present, then created) */
  indexes: { name: string; columns: string[] }[];
  /** SQLite `autoincrement` ids whose sequence is carried over */
  autoIncrement?: boolean;
  /** new text columns; `notNullFrom` fills one from another column and makes it not null */
  addedColumns?: { name: string; notNullFrom?: string }[];
}

/** app_settings keys that are one clan's: they move to clan_settings (LIKE patterns). */
export const CLAN_SETTINGS_PATTERNS = ['war-rules', 'war-reminders.offsets', 'template:%', 'monthly-fame.provisional'];

const columns = (ddl: string) => [...ddl.matchAll(/"([a-z_]+)" (?:text|integer)/g)].map((m) => m[1]!);

function table(spec: Omit<ClanTable, 'copiedColumns'>): ClanTable {
  return { ...spec, copiedColumns: columns(spec.sqliteColumns) };
}

const key = (name: string, cols: string[], pgOldName = name) => ({ name, columns: cols, pgOldName });

export const CLAN_TABLES: ClanTable[] = [
  table({
    name: 'clan_members',
    sqliteColumns:
      '"tag" text not null, "name" text not null, "role" text not null, "first_seen_at" text not null, ' +
      '"last_seen_at" text not null, "left_at" text, "exp_level" integer, "trophies" integer, "donations" integer, ' +
      '"donations_received" integer, "last_seen_in_game" text, "donations_last_week" integer',
    key: key('clan_members_pkey', ['clan_tag', 'tag']),
    indexes: [{ name: 'clan_members_tag', columns: ['tag'] }],
    addedColumns: [{ name: 'family_first_seen_at', notNullFrom: 'first_seen_at' }],
  }),
  table({
    name: 'war_state_cache',
    sqliteColumns:
      '"id" integer primary key autoincrement, "taken_at" text not null, "season_id" integer, ' +
      '"section_index" integer not null, "period_index" integer not null, "period_type" text not null, ' +
      '"clan_fame" integer not null, "period_points" integer not null, "participants" text not null, ' +
      '"period_logs" text not null, "member_tags" text, "finish_time" text',
    indexes: [
      { name: 'war_state_cache_taken_at', columns: ['clan_tag', 'taken_at', 'id'] },
      { name: 'war_state_cache_position', columns: ['clan_tag', 'season_id', 'period_index', 'taken_at'] },
      { name: 'war_state_cache_taken', columns: ['taken_at'] },
    ],
    autoIncrement: true,
  }),
  table({
    name: 'war_day_reports',
    sqliteColumns:
      '"season_id" integer not null, "section_index" integer not null, "day" integer not null, "status" text not null, ' +
      '"complete" integer not null, "title" text not null, "day_started_after" text, "day_ended_by" text, ' +
      '"reported_at" text not null, "script_run_id" integer',
    key: key('war_day_reports_pk', ['clan_tag', 'season_id', 'section_index', 'day']),
    indexes: [],
  }),
  table({
    name: 'war_day_decks',
    sqliteColumns:
      '"season_id" integer not null, "section_index" integer not null, "day" integer not null, ' +
      '"player_tag" text not null, "player_name" text not null, "decks_used" integer not null, ' +
      '"decks_used_max" integer not null, "status" text not null',
    key: key('war_day_decks_pk', ['clan_tag', 'season_id', 'section_index', 'day', 'player_tag']),
    indexes: [{ name: 'war_day_decks_player', columns: ['player_tag'] }],
  }),
  table({
    name: 'river_race_data',
    sqliteColumns:
      '"season_id" integer not null, "section_index" integer not null, "player_tag" text not null, ' +
      '"player_name" text not null, "fame" integer not null, "decks_used" integer not null, ' +
      '"boat_attacks" integer not null, "repair_points" integer not null, "was_member_at_end" integer, ' +
      '"created_date" text not null, "clan_rank" integer not null, "trophy_change" integer not null, ' +
      '"clan_fame" integer not null, "stored_at" text not null, "finish_time" text',
    key: key('river_race_data_pk', ['clan_tag', 'season_id', 'section_index', 'player_tag']),
    indexes: [{ name: 'river_race_data_player', columns: ['player_tag'] }],
  }),
  table({
    name: 'river_race_days',
    sqliteColumns:
      '"season_id" integer not null, "section_index" integer not null, "period_index" integer not null, ' +
      '"points_earned" integer not null, "progress_earned" integer not null, "end_of_day_rank" integer not null, ' +
      '"recorded_at" text not null',
    key: key('river_race_days_pk', ['clan_tag', 'season_id', 'period_index']),
    indexes: [],
  }),
  table({
    name: 'monthly_spotlight',
    sqliteColumns:
      '"year" integer not null, "month" integer not null, "player_tag" text not null, "player_name" text not null, ' +
      '"fame_earned" integer not null, "weeks_counted" integer not null, "updated_at" text not null',
    key: key('monthly_spotlight_pk', ['clan_tag', 'year', 'month', 'player_tag']),
    indexes: [],
  }),
  table({
    name: 'script_schedules',
    sqliteColumns: '"script_id" text not null, "cron" text not null, "updated_at" text not null',
    key: key('script_schedules_pkey', ['script_id', 'clan_tag']),
    indexes: [],
  }),
  table({
    name: 'script_locks',
    sqliteColumns:
      '"script_id" text not null, "holder" text not null, "acquired_at" text not null, "expires_at" text not null',
    key: key('script_locks_pkey', ['script_id', 'clan_tag']),
    indexes: [],
  }),
  table({
    name: 'script_runs',
    sqliteColumns:
      '"id" integer primary key autoincrement, "script_id" text not null, "trigger" text not null, ' +
      '"occurrence_key" text, "status" text not null, "message" text, "started_at" text not null, ' +
      '"finished_at" text, "duration_ms" integer, "details" text',
    key: { ...key('script_runs_occurrence_unique', ['script_id', 'clan_tag', 'occurrence_key']), unique: true },
    indexes: [
      { name: 'script_runs_script_started', columns: ['script_id', 'clan_tag', 'started_at'] },
      { name: 'script_runs_started', columns: ['started_at'] },
    ],
    autoIncrement: true,
  }),
  table({
    name: 'discord_outbox',
    sqliteColumns:
      '"id" integer primary key autoincrement, "script_run_id" integer, "script_id" text, "created_at" text not null, ' +
      '"payload" text not null, "status" text not null, "error" text, "attempts" integer default 0 not null, ' +
      '"next_attempt_at" text, "sent_at" text, "parts_sent" integer default 0 not null, "message_ids" text, ' +
      '"claimed_by" text, "claimed_until" text, "destination" text',
    indexes: [{ name: 'discord_outbox_open', columns: ['status', 'id'] }],
    autoIncrement: true,
  }),
];
