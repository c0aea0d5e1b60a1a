import { sql } from 'kysely';
import type {
  BestFameResponse,
  HighestWarDayResponse,
  HighestWarWeekResponse,
  MonthlyChampionsResponse,
} from '#contracts/public';
import { battleDayOf, periodStartDate } from './calendar.js';
import { monthlyChampions } from './monthly.js';
import { listMonthlySpotlight } from './monthly-spotlight.repository.js';
import { weekCreatedDate } from './river-race.repository.js';
import { battleDayStart, dayTitle, weekTitle } from './titles.js';
import type { DbHandle } from '../../db/handle.js';

/**
 * The public war records (docs/architecture.md §5) read from the scripts' tables. Ties go to the earliest
 * week: a record belongs to whoever set it first (docs/decisions/006-champions.md).
 */

export async function highestWarWeek(db: DbHandle, clanTag: string): Promise<HighestWarWeekResponse> {
  const row = await db
    .selectFrom('river_race_data')
    .where('clan_tag', '=', clanTag)
    .select(['season_id', 'section_index'])
    .select(sql<string>`min(created_date)`.as('created_date'))
    .select(sql<number>`sum(fame)`.as('total_fame'))
    .groupBy(['season_id', 'section_index'])
    .orderBy('total_fame', 'desc')
    .orderBy('created_date', 'asc')
    .limit(1)
    .executeTakeFirst();
  const total = Number(row?.total_fame ?? 0);
  if (!row || total <= 0) return { totalFame: null, weekTitle: null };
  return { totalFame: total, weekTitle: weekTitle(row.season_id, row.section_index, new Date(row.created_date)) };
}

/** Without the stored week, a day is dated from the season calendar at ~10:00 UTC (docs/clash-royale-api.md §7.1–7.2). */
const NOMINAL_RESET_MS = 10 * 60 * 60 * 1000;

export async function highestWarDay(db: DbHandle, clanTag: string): Promise<HighestWarDayResponse> {
  const row = await db
    .selectFrom('river_race_days')
    .where('clan_tag', '=', clanTag)
    .selectAll()
    .where('points_earned', '>', 0)
    .orderBy('points_earned', 'desc')
    .orderBy('season_id', 'asc')
    .orderBy('period_index', 'asc')
    .limit(1)
    .executeTakeFirst();
  const day = row ? battleDayOf(row.period_index) : null;
  if (!row || day === null) return { pointsEarned: null, dayTitle: null };
  const created = await weekCreatedDate(db, clanTag, row.season_id, row.section_index);
  const start = created
    ? battleDayStart(created, day)
    : new Date(periodStartDate(row.season_id, row.period_index).getTime() + NOMINAL_RESET_MS);
  return { pointsEarned: row.points_earned, dayTitle: dayTitle(row.season_id, row.section_index, day, start) };
}

export async function bestFame(db: DbHandle, clanTag: string): Promise<BestFameResponse> {
  const row = await db
    .selectFrom('river_race_data')
    .where('clan_tag', '=', clanTag)
    .selectAll()
    .where('fame', '>', 0)
    .orderBy('fame', 'desc')
    .orderBy('created_date', 'asc')
    .orderBy('player_tag', 'asc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { playerName: null, playerTag: null, fame: null, weekTitle: null };
  return {
    playerName: row.player_name,
    playerTag: row.player_tag,
    fame: row.fame,
    weekTitle: weekTitle(row.season_id, row.section_index, new Date(row.created_date)),
  };
}

export async function monthlyChampionsAt(db: DbHandle, clanTag: string, now: Date): Promise<MonthlyChampionsResponse> {
  return monthlyChampions(await listMonthlySpotlight(db, clanTag), now);
}
