import { z } from 'zod';
import type { WarStateCacheTable } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';
import { seasonIdOfRace } from './calendar.js';
import type { BattleDayKey, RacePosition } from './war-days.js';
import { positionOfDay } from './war-days.js';
import type { RiverRaceSnapshot } from './types.js';
import type { DbHandle } from '../../db/handle.js';

/** war_state_cache: one row per snapshot of `currentriverrace` and the roster (docs/war-tracking.md). */
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
    progressEndOfDay: z.number().optional(),
    endOfDayRank: z.number().default(-1),
  }),
);
const memberTagsSchema = z.array(z.string());

export type SnapshotRow = Omit<WarStateCacheTable, 'id'> & { id: number };
type Row = SnapshotRow;

/** Where a stored snapshot stands, without its participants (cheap to list). */
export interface SnapshotPosition extends RacePosition {
  id: number;
  takenAt: Date;
}

function seasonOf(row: Pick<Row, 'season_id' | 'taken_at' | 'period_index'>): number {
  return row.season_id ?? seasonIdOfRace(new Date(row.taken_at), row.period_index);
}

export function toSnapshot(row: Row): RiverRaceSnapshot {
  return {
    takenAt: new Date(row.taken_at),
    seasonId: seasonOf(row),
    sectionIndex: row.section_index,
    periodIndex: row.period_index,
    periodType: row.period_type,
    clanFame: row.clan_fame,
    periodPoints: row.period_points,
    participants: participantsSchema.parse(JSON.parse(row.participants)),
    periodLogs: periodLogsSchema.parse(JSON.parse(row.period_logs)),
    memberTags: row.member_tags === null ? null : memberTagsSchema.parse(JSON.parse(row.member_tags)),
    finishTime: row.finish_time === null ? null : new Date(row.finish_time),
  };
}

function toPosition(
  row: Pick<Row, 'id' | 'taken_at' | 'season_id' | 'section_index' | 'period_index'>,
): SnapshotPosition {
  return {
    id: row.id,
    takenAt: new Date(row.taken_at),
    seasonId: seasonOf(row),
    sectionIndex: row.section_index,
    periodIndex: row.period_index,
  };
}

export async function insertSnapshot(db: DbHandle, clanTag: string, s: RiverRaceSnapshot): Promise<void> {
  await db
    .insertInto('war_state_cache')
    .values({
      clan_tag: clanTag,
      taken_at: toIso(s.takenAt),
      season_id: s.seasonId,
      section_index: s.sectionIndex,
      period_index: s.periodIndex,
      period_type: s.periodType,
      clan_fame: s.clanFame,
      period_points: s.periodPoints,
      participants: JSON.stringify(s.participants),
      period_logs: JSON.stringify(s.periodLogs),
      member_tags: s.memberTags === null ? null : JSON.stringify(s.memberTags),
      finish_time: s.finishTime === null ? null : toIso(s.finishTime),
    })
    .execute();
}

const POSITION_COLUMNS = ['id', 'taken_at', 'season_id', 'section_index', 'period_index'] as const;

/** Positions of the snapshots taken at or after `since`, oldest first. */
export async function listSnapshotPositions(db: DbHandle, clanTag: string, since: Date): Promise<SnapshotPosition[]> {
  const rows = await db
    .selectFrom('war_state_cache')
    .where('clan_tag', '=', clanTag)
    .select(POSITION_COLUMNS)
    .where('taken_at', '>=', toIso(since))
    .orderBy('taken_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toPosition);
}

/** The oldest stored snapshot's position: where tracking began (or the oldest kept). */
export async function firstSnapshotPosition(db: DbHandle, clanTag: string): Promise<SnapshotPosition | null> {
  const row = await db
    .selectFrom('war_state_cache')
    .where('clan_tag', '=', clanTag)
    .select(POSITION_COLUMNS)
    .orderBy('taken_at', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row ? toPosition(row) : null;
}

export async function latestSnapshot(db: DbHandle, clanTag: string): Promise<RiverRaceSnapshot | null> {
  const row = await db
    .selectFrom('war_state_cache')
    .where('clan_tag', '=', clanTag)
    .selectAll()
    .orderBy('taken_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toSnapshot(row) : null;
}

export async function lastSnapshotAt(db: DbHandle, clanTag: string): Promise<Date | null> {
  const row = await db
    .selectFrom('war_state_cache')
    .where('clan_tag', '=', clanTag)
    .select('taken_at')
    .orderBy('taken_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.taken_at) : null;
}

/**
 * What a battle day's report needs from its week: the newest snapshot of every period (their
 * totals and day logs) and every snapshot taken during the day, the day before and the day after
 * (the first look after each of its two resets, and where a player was meanwhile).
 */
export async function snapshotsForDay(db: DbHandle, clanTag: string, key: BattleDayKey): Promise<RiverRaceSnapshot[]> {
  const period = positionOfDay(key).periodIndex;
  const rows = await db
    .selectFrom('war_state_cache')
    .where('clan_tag', '=', clanTag)
    .select(['id', 'period_index', 'taken_at'])
    .where('season_id', '=', key.seasonId)
    .where('period_index', '>=', 7 * key.sectionIndex)
    .where('period_index', '<', 7 * key.sectionIndex + 7)
    .execute();
  const newest = new Map<number, { id: number; taken_at: string }>();
  const wanted = new Set<number>();
  for (const r of rows) {
    const best = newest.get(r.period_index);
    if (!best || r.taken_at > best.taken_at || (r.taken_at === best.taken_at && r.id > best.id))
      newest.set(r.period_index, r);
    if (Math.abs(r.period_index - period) <= 1) wanted.add(r.id);
  }
  for (const r of newest.values()) wanted.add(r.id);
  if (wanted.size === 0) return [];
  const full = await db
    .selectFrom('war_state_cache')
    .where('clan_tag', '=', clanTag)
    .selectAll()
    .where('id', 'in', [...wanted])
    .orderBy('taken_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return full.map(toSnapshot);
}

/** Snapshots taken in [from, to], oldest first. */
export async function listSnapshotsBetween(
  db: DbHandle,
  clanTag: string,
  from: Date,
  to: Date,
): Promise<RiverRaceSnapshot[]> {
  const rows = await db
    .selectFrom('war_state_cache')
    .where('clan_tag', '=', clanTag)
    .selectAll()
    .where('taken_at', '>=', toIso(from))
    .where('taken_at', '<=', toIso(to))
    .orderBy('taken_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toSnapshot);
}

/** Deletes snapshots taken before `before`; returns how many. */
export async function pruneSnapshots(db: DbHandle, before: Date): Promise<number> {
  const result = await db.deleteFrom('war_state_cache').where('taken_at', '<', toIso(before)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Which way from a position to look: the next positions (ascending) or the earlier ones (descending). */
const AFTER = { cmp: '>', order: 'asc' } as const;
const BEFORE = { cmp: '<', order: 'desc' } as const;

/**
 * The snapshot nearest to `position` on one side of it: in the same season first, else in the nearest season.
 * Positions only grow with time, so the first later position is also the earliest such snapshot (and the last
 * earlier one the latest).
 */
async function nearestSnapshot(
  db: DbHandle,
  clanTag: string,
  position: RacePosition,
  side: typeof AFTER | typeof BEFORE,
): Promise<SnapshotPosition | null> {
  const snapshots = () => db.selectFrom('war_state_cache').where('clan_tag', '=', clanTag).select(POSITION_COLUMNS);
  const sameSeason = await snapshots()
    .where('season_id', '=', position.seasonId)
    .where('period_index', side.cmp, position.periodIndex)
    .orderBy('period_index', side.order)
    .orderBy('taken_at', side.order)
    .limit(1)
    .executeTakeFirst();
  if (sameSeason) return toPosition(sameSeason);
  const otherSeason = await snapshots()
    .where('season_id', side.cmp, position.seasonId)
    .orderBy('season_id', side.order)
    .orderBy('period_index', side.order)
    .orderBy('taken_at', side.order)
    .limit(1)
    .executeTakeFirst();
  return otherSeason ? toPosition(otherSeason) : null;
}

/** The first snapshot taken after `position` ended: when its closing reset was first seen. */
export const firstSnapshotAfter = (db: DbHandle, clanTag: string, position: RacePosition) =>
  nearestSnapshot(db, clanTag, position, AFTER);

/** The last snapshot taken before `position` began (the day's reset came after it). */
export const lastSnapshotBefore = (db: DbHandle, clanTag: string, position: RacePosition) =>
  nearestSnapshot(db, clanTag, position, BEFORE);

/** The newest stored snapshot's position. */
export async function latestSnapshotPosition(db: DbHandle, clanTag: string): Promise<SnapshotPosition | null> {
  const row = await db
    .selectFrom('war_state_cache')
    .where('clan_tag', '=', clanTag)
    .select(POSITION_COLUMNS)
    .orderBy('taken_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toPosition(row) : null;
}
