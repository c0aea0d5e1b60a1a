import { sql } from 'kysely';
import type { ViewableTable } from '#contracts/admin-scripts';
import type { DbHandle } from '../db/handle.js';

/**
 * Per-table column allow-lists (SEC-DB-02): only these columns are ever selected, so a column
 * added later is not shown until it is listed here. None of these tables holds a secret.
 */
const VIEWS = {
  clan_members: {
    columns: [
      'tag',
      'name',
      'role',
      'first_seen_at',
      'last_seen_at',
      'left_at',
      'exp_level',
      'trophies',
      'donations',
      'donations_received',
      'last_seen_in_game',
    ],
    order: [
      ['name', 'asc'],
      ['tag', 'asc'],
    ],
  },
  war_state_cache: {
    columns: [
      'id',
      'taken_at',
      'season_id',
      'section_index',
      'period_index',
      'period_type',
      'clan_fame',
      'period_points',
      'participants',
      'period_logs',
    ],
    order: [
      ['taken_at', 'desc'],
      ['id', 'desc'],
    ],
  },
  river_race_data: {
    columns: [
      'season_id',
      'section_index',
      'player_tag',
      'player_name',
      'fame',
      'decks_used',
      'boat_attacks',
      'repair_points',
      'was_member_at_end',
      'created_date',
      'clan_rank',
      'trophy_change',
      'clan_fame',
      'stored_at',
    ],
    order: [
      ['created_date', 'desc'],
      ['fame', 'desc'],
      ['player_tag', 'asc'],
    ],
  },
  monthly_spotlight: {
    columns: ['year', 'month', 'player_tag', 'player_name', 'fame_earned', 'weeks_counted', 'updated_at'],
    order: [
      ['year', 'desc'],
      ['month', 'desc'],
      ['fame_earned', 'desc'],
      ['player_tag', 'asc'],
    ],
  },
} as const satisfies Record<
  ViewableTable,
  { columns: readonly string[]; order: readonly (readonly [string, 'asc' | 'desc'])[] }
>;

export function viewColumns(table: ViewableTable): string[] {
  return [...VIEWS[table].columns];
}

/**
 * Reads up to `limit` rows of one clan of the family (every viewable table is kept per clan). `table` is already one
 * of the allow-listed names (the route answers 404 otherwise, before any SQL) and identifiers come from the constants
 * above; `clanTag` and `limit` are bound.
 */
export async function readTable(
  db: DbHandle,
  table: ViewableTable,
  clanTag: string,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const view = VIEWS[table];
  const columns = sql.join(view.columns.map((c) => sql.ref(c)));
  const order = sql.join(view.order.map(([c, dir]) => sql`${sql.ref(c)} ${sql.raw(dir === 'desc' ? 'desc' : 'asc')}`));
  const result = await sql<Record<string, unknown>>`select ${columns} from ${sql.table(table)}
    where clan_tag = ${clanTag} order by ${order} limit ${limit}`.execute(db);
  return result.rows;
}
