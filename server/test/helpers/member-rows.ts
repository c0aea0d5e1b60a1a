import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { DEFAULT_SIM_CLAN_TAG as CLAN } from '#server/simulator/simulator';

/**
 * Rows of the scripts' tables written by hand, for tests that check what a member's page shows
 * against the rows they stored.
 */

export const memberRow = (
  tag: string,
  name: string,
  role: string,
  firstSeenAt: string,
  leftAt: string | null = null,
): Database['clan_members'] => ({
  clan_tag: CLAN,
  tag,
  name,
  role,
  first_seen_at: firstSeenAt,
  family_first_seen_at: firstSeenAt,
  last_seen_at: leftAt ?? firstSeenAt,
  left_at: leftAt,
  exp_level: null,
  trophies: null,
  donations: null,
  donations_received: null,
  last_seen_in_game: null,
  donations_last_week: null,
});

/** One player's row of a finished week. */
export const weekRow = (
  week: { seasonId: number; sectionIndex: number; createdDate: string },
  tag: string,
  name: string,
  fame: number,
  decksUsed: number,
): Database['river_race_data'] => ({
  clan_tag: CLAN,
  season_id: week.seasonId,
  section_index: week.sectionIndex,
  player_tag: tag,
  player_name: name,
  fame,
  decks_used: decksUsed,
  boat_attacks: 0,
  repair_points: 0,
  was_member_at_end: 1,
  created_date: week.createdDate,
  finish_time: null,
  clan_rank: 2,
  trophy_change: 20,
  clan_fame: 40_000,
  stored_at: week.createdDate,
});

export interface DayDeck {
  tag: string;
  decks: number;
  /** the top of a range; the same as decks when exact */
  max?: number;
  status?: string;
}

/** A reported battle day with each listed player's decks. */
export async function insertDay(
  db: Kysely<Database>,
  week: { seasonId: number; sectionIndex: number },
  day: number,
  players: readonly DayDeck[],
  status: 'reported' | 'race-finished' = 'reported',
): Promise<void> {
  await db
    .insertInto('war_day_reports')
    .values({
      clan_tag: CLAN,
      season_id: week.seasonId,
      section_index: week.sectionIndex,
      day,
      status,
      complete: 1,
      title: `Season ${week.seasonId} · Battle day ${day}`,
      day_started_after: null,
      day_ended_by: null,
      reported_at: '2026-11-01T10:00:00.000Z',
      script_run_id: null,
    })
    .execute();
  if (players.length === 0) return;
  await db
    .insertInto('war_day_decks')
    .values(
      players.map((p) => ({
        clan_tag: CLAN,
        season_id: week.seasonId,
        section_index: week.sectionIndex,
        day,
        player_tag: p.tag,
        player_name: p.tag,
        decks_used: p.decks,
        decks_used_max: p.max ?? p.decks,
        status: p.status ?? (p.decks === 4 ? 'ok' : 'inactive'),
      })),
    )
    .execute();
}
