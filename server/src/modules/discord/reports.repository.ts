import type { DbHandle } from '../../db/handle.js';
import type { BattleDay } from '../war/types.js';
import type { BattleDayKey } from '../war/war-days.js';

/** The newest battle day with a stored report (for /inactive without a day). */
export async function newestReportedDay(db: DbHandle, clanTag: string): Promise<BattleDayKey | null> {
  const row = await db
    .selectFrom('war_day_reports')
    .where('clan_tag', '=', clanTag)
    .select(['season_id', 'section_index', 'day'])
    .orderBy('season_id', 'desc')
    .orderBy('section_index', 'desc')
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { seasonId: row.season_id, sectionIndex: row.section_index, day: row.day as BattleDay } : null;
}
