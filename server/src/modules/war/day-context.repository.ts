import type { DbHandle } from '../../db/handle.js';
import type { RiverRaceSnapshot } from './types.js';
import type { RacePosition } from './war-days.js';
import { toSnapshot } from './war-state.repository.js';

/**
 * What a battle day's report needs beyond its own week (docs/war-tracking.md §5, "Days after the
 * finish line"): the rosters seen just before and just after the day's reset, wherever they
 * fall (a fresh install's first roster may come days later), and the season's newest snapshot,
 * whose closed-day log covers every day of the season so far.
 */
export async function dayContextSnapshots(
  db: DbHandle,
  clanTag: string,
  start: RacePosition,
): Promise<RiverRaceSnapshot[]> {
  const [before, after, newest] = await Promise.all([
    rosterBefore(db, clanTag, start),
    rosterFrom(db, clanTag, start),
    newestOfSeason(db, clanTag, start.seasonId),
  ]);
  return [before, after, newest].filter((s): s is RiverRaceSnapshot => s !== null);
}

/** The newest snapshot with a roster taken before the day began (an earlier position). */
async function rosterBefore(db: DbHandle, clanTag: string, start: RacePosition): Promise<RiverRaceSnapshot | null> {
  const row = await db
    .selectFrom('war_state_cache')
    .where('clan_tag', '=', clanTag)
    .selectAll()
    .where('member_tags', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('season_id', '<', start.seasonId),
        eb.and([eb('season_id', '=', start.seasonId), eb('period_index', '<', start.periodIndex)]),
      ]),
    )
    .orderBy('taken_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toSnapshot(row) : null;
}

/** The oldest snapshot with a roster taken once the day had begun (its position or a later one). */
async function rosterFrom(db: DbHandle, clanTag: string, start: RacePosition): Promise<RiverRaceSnapshot | null> {
  const row = await db
    .selectFrom('war_state_cache')
    .where('clan_tag', '=', clanTag)
    .selectAll()
    .where('member_tags', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('season_id', '>', start.seasonId),
        eb.and([eb('season_id', '=', start.seasonId), eb('period_index', '>=', start.periodIndex)]),
      ]),
    )
    .orderBy('taken_at', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row ? toSnapshot(row) : null;
}

async function newestOfSeason(db: DbHandle, clanTag: string, seasonId: number): Promise<RiverRaceSnapshot | null> {
  const row = await db
    .selectFrom('war_state_cache')
    .where('clan_tag', '=', clanTag)
    .selectAll()
    .where('season_id', '=', seasonId)
    .orderBy('taken_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toSnapshot(row) : null;
}
