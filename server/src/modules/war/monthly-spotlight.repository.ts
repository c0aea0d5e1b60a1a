import { toIso } from '../../lib/clock.js';
import { aggregateMonthly, type SpotlightRow } from './monthly.js';
import { listStoredWeekRows } from './river-race.repository.js';
import type { DbHandle } from '../../db/handle.js';

/** monthly_spotlight (docs/architecture.md §4), always rebuilt whole from river_race_data. */

/**
 * Replaces monthly_spotlight with the aggregation of every stored week (idempotent: a rerun
 * writes the same rows). Run it inside the script's transaction. Returns the rows written.
 */
export async function rebuildMonthlySpotlight(db: DbHandle, clanTag: string, now: Date): Promise<SpotlightRow[]> {
  const rows = aggregateMonthly(await listStoredWeekRows(db, clanTag));
  await db.deleteFrom('monthly_spotlight').where('clan_tag', '=', clanTag).execute();
  const updatedAt = toIso(now);
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200).map((r) => ({
      clan_tag: clanTag,
      year: r.year,
      month: r.month,
      player_tag: r.playerTag,
      player_name: r.playerName,
      fame_earned: r.fameEarned,
      weeks_counted: r.weeksCounted,
      updated_at: updatedAt,
    }));
    await db.insertInto('monthly_spotlight').values(chunk).execute();
  }
  return rows;
}

export async function listMonthlySpotlight(
  db: DbHandle,
  clanTag: string,
  filter?: { year: number; month: number },
): Promise<SpotlightRow[]> {
  let query = db.selectFrom('monthly_spotlight').selectAll().where('clan_tag', '=', clanTag);
  if (filter) query = query.where('year', '=', filter.year).where('month', '=', filter.month);
  const rows = await query
    .orderBy('year', 'desc')
    .orderBy('month', 'desc')
    .orderBy('fame_earned', 'desc')
    .orderBy('player_tag', 'asc')
    .execute();
  return rows.map((r) => ({
    year: r.year,
    month: r.month,
    playerTag: r.player_tag,
    playerName: r.player_name,
    fameEarned: r.fame_earned,
    weeksCounted: r.weeks_counted,
  }));
}
