import type { DbHandle } from '#server/db/handle';
import type { RaceProjectionsTable } from '#server/db/schema';

/** race_projections: the projection made at the start of each battle day, once (docs/war-tracking.md). */
export type StoredProjection = RaceProjectionsTable;

/** Keeps the first projection of a battle day; a later one for the same day is ignored. */
export async function insertProjectionOnce(db: DbHandle, row: StoredProjection): Promise<void> {
  await db
    .insertInto('race_projections')
    .values(row)
    .onConflict((oc) => oc.columns(['clan_tag', 'season_id', 'section_index', 'day']).doNothing())
    .execute();
}

export async function hasProjection(
  db: DbHandle,
  clanTag: string,
  week: { seasonId: number; sectionIndex: number; day: number },
): Promise<boolean> {
  const row = await db
    .selectFrom('race_projections')
    .select('day')
    .where('clan_tag', '=', clanTag)
    .where('season_id', '=', week.seasonId)
    .where('section_index', '=', week.sectionIndex)
    .where('day', '=', week.day)
    .executeTakeFirst();
  return row !== undefined;
}

/** A stored projection beside how its week ended (the river race log's rank and fame), for weeks that have ended. */
export interface ScoredProjection {
  seasonId: number;
  sectionIndex: number;
  day: number;
  place: number;
  fameMid: number;
  fameLow: number;
  fameHigh: number;
  actualPlace: number;
  actualFame: number;
}

export async function listScoredProjections(db: DbHandle, clanTag: string, weeks: number): Promise<ScoredProjection[]> {
  const ended = await db
    .selectFrom('river_race_data')
    .select(['season_id', 'section_index', 'clan_rank', 'clan_fame'])
    .distinct()
    .where('clan_tag', '=', clanTag)
    .orderBy('season_id', 'desc')
    .orderBy('section_index', 'desc')
    .limit(weeks)
    .execute();
  if (ended.length === 0) return [];
  const rows = await db
    .selectFrom('race_projections')
    .selectAll()
    .where('clan_tag', '=', clanTag)
    .where('season_id', '>=', Math.min(...ended.map((e) => e.season_id)))
    .execute();
  return rows.flatMap((r) => {
    const end = ended.find((e) => e.season_id === r.season_id && e.section_index === r.section_index);
    if (!end) return [];
    return [
      {
        seasonId: r.season_id,
        sectionIndex: r.section_index,
        day: r.day,
        place: r.place,
        fameMid: r.fame_mid,
        fameLow: r.fame_low,
        fameHigh: r.fame_high,
        actualPlace: end.clan_rank,
        actualFame: end.clan_fame,
      },
    ];
  });
}
