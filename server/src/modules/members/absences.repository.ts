import type { DbHandle } from '../../db/handle.js';
import type { ExcusedAbsencesTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';
import type { Absence, AbsenceStatus } from './excused.js';

/** SQL of excused_absences (docs/decisions/081-excused-absences.md). */

function toAbsence(r: Selectable<ExcusedAbsencesTable>): Absence {
  return {
    id: r.id,
    playerTag: r.player_tag,
    startsOn: r.starts_on,
    endsOn: r.ends_on,
    reason: r.reason,
    status: r.status as AbsenceStatus,
    requestedBy: r.requested_by,
    decidedBy: r.decided_by,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
  };
}

export async function insertAbsence(
  db: DbHandle,
  a: Pick<Absence, 'playerTag' | 'startsOn' | 'endsOn' | 'reason' | 'status' | 'requestedBy' | 'decidedBy'>,
  now: Date,
): Promise<Absence> {
  const decided = a.status === 'pending' ? null : now.toISOString();
  const row = await db
    .insertInto('excused_absences')
    .values({
      player_tag: a.playerTag,
      starts_on: a.startsOn,
      ends_on: a.endsOn,
      reason: a.reason,
      status: a.status,
      requested_by: a.requestedBy,
      decided_by: a.decidedBy,
      created_at: now.toISOString(),
      decided_at: decided,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAbsence(row);
}

export async function findAbsence(db: DbHandle, id: number): Promise<Absence | null> {
  const row = await db.selectFrom('excused_absences').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toAbsence(row) : null;
}

/** Decides a pending absence; false when it was no longer pending (decided elsewhere meanwhile). */
export async function decideAbsence(
  db: DbHandle,
  id: number,
  status: Exclude<AbsenceStatus, 'pending'>,
  decidedBy: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('excused_absences')
    .set({ status, decided_by: decidedBy, decided_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Absences of these statuses that end on or after `fromDate`, soonest first. */
export async function listAbsences(
  db: DbHandle,
  filter: { statuses: readonly AbsenceStatus[]; endsOnOrAfter?: string; playerTags?: readonly string[] },
): Promise<Absence[]> {
  let q = db
    .selectFrom('excused_absences')
    .selectAll()
    .where('status', 'in', [...filter.statuses]);
  if (filter.endsOnOrAfter) q = q.where('ends_on', '>=', filter.endsOnOrAfter);
  if (filter.playerTags) {
    if (filter.playerTags.length === 0) return [];
    q = q.where('player_tag', 'in', [...filter.playerTags]);
  }
  const rows = await q.orderBy('starts_on').orderBy('id').execute();
  return rows.map(toAbsence);
}

/** Approved absences overlapping [fromDate, toDate] (YYYY-MM-DD, inclusive). */
export async function approvedBetween(db: DbHandle, fromDate: string, toDate: string): Promise<Absence[]> {
  const rows = await db
    .selectFrom('excused_absences')
    .selectAll()
    .where('status', '=', 'approved')
    .where('starts_on', '<=', toDate)
    .where('ends_on', '>=', fromDate)
    .orderBy('player_tag')
    .orderBy('starts_on')
    .execute();
  return rows.map(toAbsence);
}

/** Names of these players as the roster last saw them, in whichever clan of the family. */
export async function playerNames(db: DbHandle, tags: readonly string[]): Promise<Map<string, string>> {
  if (tags.length === 0) return new Map();
  const rows = await db
    .selectFrom('clan_members')
    .select(['tag', 'name'])
    .where('tag', 'in', [...tags])
    .orderBy('last_seen_at')
    .orderBy('clan_tag')
    .execute();
  return new Map(rows.map((r) => [r.tag, r.name]));
}
