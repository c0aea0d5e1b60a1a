import { sql } from 'kysely';
import { toIso } from '../../lib/clock.js';
import { battleDayOf } from './calendar.js';
import type { StoredWeekRow } from './monthly.js';
import type { PeriodLog, RiverRaceLogWeek } from './types.js';
import type { DbHandle } from '../../db/handle.js';

/** river_race_data and river_race_days (docs/architecture.md §4): finished weeks and closed battle days. */

export async function isWeekStored(
  db: DbHandle,
  clanTag: string,
  seasonId: number,
  sectionIndex: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('river_race_data')
    .select('player_tag')
    .where('clan_tag', '=', clanTag)
    .where('season_id', '=', seasonId)
    .where('section_index', '=', sectionIndex)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores every participant of a finished week; rows already there are kept as they are, so a
 * rerun adds nothing. Returns the number of rows added.
 */
export async function insertRiverRaceWeek(
  db: DbHandle,
  clanTag: string,
  week: RiverRaceLogWeek,
  /** null when the week is backfilled: who was a member at its end is unknown */
  currentMemberTags: ReadonlySet<string> | null,
  storedAt: Date,
): Promise<number> {
  if (week.participants.length === 0) return 0;
  const result = await db
    .insertInto('river_race_data')
    .values(
      week.participants.map((p) => ({
        clan_tag: clanTag,
        season_id: week.seasonId,
        section_index: week.sectionIndex,
        player_tag: p.tag,
        player_name: p.name,
        fame: p.fame,
        decks_used: p.decksUsed,
        boat_attacks: p.boatAttacks,
        repair_points: p.repairPoints,
        was_member_at_end: currentMemberTags === null ? null : currentMemberTags.has(p.tag) ? 1 : 0,
        created_date: toIso(week.createdDate),
        finish_time: week.finishTime === null ? null : toIso(week.finishTime),
        clan_rank: week.clanRank,
        trophy_change: week.trophyChange,
        clan_fame: week.clanFame,
        stored_at: toIso(storedAt),
      })),
    )
    .onConflict((oc) => oc.columns(['clan_tag', 'season_id', 'section_index', 'player_tag']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/** Keeps closed battle days' `pointsEarned` (highest-war-day record); training periods are ignored. */
export async function upsertRiverRaceDays(
  db: DbHandle,
  clanTag: string,
  seasonId: number,
  sectionIndex: number,
  days: readonly PeriodLog[],
  recordedAt: Date,
): Promise<void> {
  for (const d of days) {
    if (battleDayOf(d.periodIndex) === null || Math.floor(d.periodIndex / 7) !== sectionIndex) continue;
    const values = {
      points_earned: d.pointsEarned,
      progress_earned: d.progressEarned,
      end_of_day_rank: d.endOfDayRank,
      recorded_at: toIso(recordedAt),
    };
    await db
      .insertInto('river_race_days')
      .values({
        clan_tag: clanTag,
        season_id: seasonId,
        section_index: sectionIndex,
        period_index: d.periodIndex,
        ...values,
      })
      .onConflict((oc) => oc.columns(['clan_tag', 'season_id', 'period_index']).doUpdateSet(values))
      .execute();
  }
}

export async function listStoredWeekRows(db: DbHandle, clanTag: string): Promise<StoredWeekRow[]> {
  const rows = await db
    .selectFrom('river_race_data')
    .select(['season_id', 'section_index', 'player_tag', 'player_name', 'fame', 'decks_used', 'created_date'])
    .where('clan_tag', '=', clanTag)
    .orderBy('created_date', 'asc')
    .orderBy('player_tag', 'asc')
    .execute();
  return rows.map((r) => ({
    seasonId: r.season_id,
    sectionIndex: r.section_index,
    playerTag: r.player_tag,
    playerName: r.player_name,
    fame: r.fame,
    decksUsed: r.decks_used,
    createdDate: new Date(r.created_date),
  }));
}

/** createdDate of a stored week, to date its battle days; null when the week is not stored. */
export async function weekCreatedDate(
  db: DbHandle,
  clanTag: string,
  seasonId: number,
  sectionIndex: number,
): Promise<Date | null> {
  const row = await db
    .selectFrom('river_race_data')
    .select(sql<string>`min(created_date)`.as('created_date'))
    .where('clan_tag', '=', clanTag)
    .where('season_id', '=', seasonId)
    .where('section_index', '=', sectionIndex)
    .executeTakeFirst();
  return row?.created_date ? new Date(row.created_date) : null;
}

/** A stored finished week as the log showed it (its participants, rank, finish), or null. */
export async function storedLogWeek(
  db: DbHandle,
  clanTag: string,
  seasonId: number,
  sectionIndex: number,
): Promise<RiverRaceLogWeek | null> {
  const rows = await db
    .selectFrom('river_race_data')
    .selectAll()
    .where('clan_tag', '=', clanTag)
    .where('season_id', '=', seasonId)
    .where('section_index', '=', sectionIndex)
    .execute();
  const first = rows[0];
  if (!first) return null;
  return {
    seasonId,
    sectionIndex,
    createdDate: new Date(first.created_date),
    clanRank: first.clan_rank,
    trophyChange: first.trophy_change,
    clanFame: first.clan_fame,
    finishTime: first.finish_time === null ? null : new Date(first.finish_time),
    participants: rows.map((r) => ({
      tag: r.player_tag,
      name: r.player_name,
      fame: r.fame,
      decksUsed: r.decks_used,
      boatAttacks: r.boat_attacks,
      repairPoints: r.repair_points,
    })),
  };
}
