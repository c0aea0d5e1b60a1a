import type { Selectable } from 'kysely';
import type { DbHandle } from '../../db/handle.js';
import type { AlertsTable } from '../../db/schema.js';

/** SQL of alerts: what the admin should know about, open until acknowledged (docs/reminders.md "Alerts"). */

export type AlertRow = Selectable<AlertsTable>;

export async function insertAlert(
  db: DbHandle,
  row: { kind: string; subject: string; message: string; runId: number | null; now: Date },
): Promise<number> {
  const inserted = await db
    .insertInto('alerts')
    .values({
      kind: row.kind,
      subject: row.subject,
      message: row.message,
      script_run_id: row.runId,
      created_at: row.now.toISOString(),
      acknowledged_at: null,
      mailed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function openAlerts(db: DbHandle, limit = 50): Promise<AlertRow[]> {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('acknowledged_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countOpenAlerts(db: DbHandle): Promise<number> {
  const row = await db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('acknowledged_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function acknowledgeAlert(db: DbHandle, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('alerts')
    .set({ acknowledged_at: now.toISOString() })
    .where('id', '=', id)
    .where('acknowledged_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Claims the mail of an alert when no alert of its kind was mailed since `since` (at most one
 * mail per hour per kind): one conditional UPDATE, so two instances never both send.
 */
export async function claimMail(db: DbHandle, id: number, kind: string, since: Date, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('alerts')
    .set({ mailed_at: now.toISOString() })
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('alerts as recent')
            .select('recent.id')
            .where('recent.kind', '=', kind)
            .where('recent.mailed_at', '>', since.toISOString()),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes alerts acknowledged before `before` (open ones stay); returns how many. */
export async function pruneAcknowledgedAlerts(db: DbHandle, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('alerts')
    .where('acknowledged_at', 'is not', null)
    .where('acknowledged_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
