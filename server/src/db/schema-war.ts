import type { Generated } from 'kysely';

// The war tables: the live race, the day reports, the river race log, trophies and the monthly spotlight.

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
