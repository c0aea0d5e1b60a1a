import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database, WarStateCacheTable } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';
import type { RiverRaceSnapshot } from './types.js';

/** war_state_cache: one row per `currentriverrace` snapshot (docs/architecture.md §4). */
const participantsSchema = z.array(
  z.object({
    tag: z.string(),
    name: z.string(),
    fame: z.number(),
    decksUsed: z.number(),
    decksUsedToday: z.number(),
    boatAttacks: z.number(),
  }),
);
const periodLogsSchema = z.array(
  z.object({
    periodIndex: z.number(),
    pointsEarned: z.number(),
    progressEarned: z.number().default(0),
    endOfDayRank: z.number().default(-1),
  }),
);

type Row = Omit<WarStateCacheTable, 'id'> & { id: number };

function toSnapshot(row: Row): RiverRaceSnapshot {
  return {
    takenAt: new Date(row.taken_at),
    seasonId: row.season_id,
    sectionIndex: row.section_index,
    periodIndex: row.period_index,
    periodType: row.period_type,
    clanFame: row.clan_fame,
    periodPoints: row.period_points,
    participants: participantsSchema.parse(JSON.parse(row.participants)),
    periodLogs: periodLogsSchema.parse(JSON.parse(row.period_logs)),
  };
}

export async function insertSnapshot(db: Kysely<Database>, s: RiverRaceSnapshot): Promise<void> {
  await db
    .insertInto('war_state_cache')
    .values({
      taken_at: toIso(s.takenAt),
      season_id: s.seasonId,
      section_index: s.sectionIndex,
      period_index: s.periodIndex,
      period_type: s.periodType,
      clan_fame: s.clanFame,
      period_points: s.periodPoints,
      participants: JSON.stringify(s.participants),
      period_logs: JSON.stringify(s.periodLogs),
    })
    .execute();
}

/** Snapshots taken in [from, to], oldest first (ISO strings of one format compare as text). */
export async function listSnapshotsBetween(db: Kysely<Database>, from: Date, to: Date): Promise<RiverRaceSnapshot[]> {
  const rows = await db
    .selectFrom('war_state_cache')
    .selectAll()
    .where('taken_at', '>=', toIso(from))
    .where('taken_at', '<=', toIso(to))
    .orderBy('taken_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toSnapshot);
}

export async function latestSnapshot(db: Kysely<Database>): Promise<RiverRaceSnapshot | null> {
  const row = await db
    .selectFrom('war_state_cache')
    .selectAll()
    .orderBy('taken_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toSnapshot(row) : null;
}
