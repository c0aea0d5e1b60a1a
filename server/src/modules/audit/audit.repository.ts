import type { Selectable } from 'kysely';
import type { DbHandle } from '../../db/handle.js';
import type { AuditEventsTable } from '../../db/schema.js';

/** SQL of the audit list: changes the admin should hear about (docs/decisions/056-template-audit.md). */

export type AuditEventRow = Selectable<AuditEventsTable>;

export async function insertAuditEvent(
  db: DbHandle,
  row: { kind: string; subject: string; detail: string | null; now: Date },
): Promise<number> {
  const inserted = await db
    .insertInto('audit_events')
    .values({
      kind: row.kind,
      subject: row.subject,
      detail: row.detail,
      created_at: row.now.toISOString(),
      mailed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function newestAuditEvents(db: DbHandle, limit: number): Promise<AuditEventRow[]> {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Claims the mail of an event when no event was mailed since `since`: one conditional UPDATE, so
 * two instances never both send, and a burst of changes gives one mail.
 */
export async function claimAuditMail(db: DbHandle, id: number, since: Date, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('audit_events')
    .set({ mailed_at: now.toISOString() })
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('audit_events as recent').select('recent.id').where('recent.mailed_at', '>', since.toISOString()),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
