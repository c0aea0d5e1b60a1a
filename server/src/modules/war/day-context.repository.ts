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
    rosterBeside(db, clanTag, start, BEFORE),
    rosterBeside(db, clanTag, start, FROM),
    newestOfSeason(db, clanTag, start.seasonId),
  ]);
  return [before, after, newest].filter((s): s is RiverRaceSnapshot => s !== null);
}

/** The newest roster taken before the day began (an earlier position), or the oldest once it had begun (its own or later). */
const BEFORE = { season: '<', period: '<', order: 'desc' } as const;
const FROM = { season: '>', period: '>=', order: 'asc' } as const;

async function rosterBeside(
  db: DbHandle,
  clanTag: string,
  start: RacePosition,
  side: typeof BEFORE | typeof FROM,
): Promise<RiverRaceSnapshot | null> {
  const row = await db
    .selectFrom('war_state_cache')
    .where('clan_tag', '=', clanTag)
    .selectAll()
    .where('member_tags', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('season_id', side.season, start.seasonId),
        eb.and([eb('season_id', '=', start.seasonId), eb('period_index', side.period, start.periodIndex)]),
      ]),
    )
    .orderBy('taken_at', side.order)
    .orderBy('id', side.order)
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
