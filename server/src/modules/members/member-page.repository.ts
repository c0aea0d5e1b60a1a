import { sql } from 'kysely';
import type { DbHandle } from '../../db/handle.js';

/** The SQL of the member pages (docs/product.md §2); the war rows themselves are the scripts'. */

export interface TrackedWeek {
  seasonId: number;
  sectionIndex: number;
  /** the Monday reset that closed the week; null when only battle-day reports exist so far */
  createdDate: Date | null;
}

/** Every week ClanOps tracked: stored by the river race log, or with at least one reported battle day. */
export async function listTrackedWeeks(db: DbHandle, clanTag: string): Promise<TrackedWeek[]> {
  const [stored, reported] = await Promise.all([
    db
      .selectFrom('river_race_data')
      .where('clan_tag', '=', clanTag)
      .select(['season_id', 'section_index'])
      .select(sql<string>`min(created_date)`.as('created_date'))
      .groupBy(['season_id', 'section_index'])
      .execute(),
    db
      .selectFrom('war_day_reports')
      .where('clan_tag', '=', clanTag)
      .select(['season_id', 'section_index'])
      .distinct()
      .execute(),
  ]);
  const weeks = new Map<string, TrackedWeek>();
  for (const r of reported)
    weeks.set(`${r.season_id}/${r.section_index}`, {
      seasonId: r.season_id,
      sectionIndex: r.section_index,
      createdDate: null,
    });
  for (const r of stored)
    weeks.set(`${r.season_id}/${r.section_index}`, {
      seasonId: r.season_id,
      sectionIndex: r.section_index,
      createdDate: new Date(r.created_date),
    });
  return [...weeks.values()];
}

export interface PlayerWeekRow {
  seasonId: number;
  sectionIndex: number;
  name: string;
  fame: number;
  decksUsed: number;
  createdDate: Date;
}

/** The player's rows of river_race_data, oldest first. */
export async function listPlayerWeeks(db: DbHandle, clanTag: string, tag: string): Promise<PlayerWeekRow[]> {
  const rows = await db
    .selectFrom('river_race_data')
    .where('clan_tag', '=', clanTag)
    .select(['season_id', 'section_index', 'player_name', 'fame', 'decks_used', 'created_date'])
    .where('player_tag', '=', tag)
    .orderBy('created_date', 'asc')
    .execute();
  return rows.map((r) => ({
    seasonId: r.season_id,
    sectionIndex: r.section_index,
    name: r.player_name,
    fame: r.fame,
    decksUsed: r.decks_used,
    createdDate: new Date(r.created_date),
  }));
}
