import type { Selectable } from 'kysely';
import type { DbHandle } from '../db/handle.js';
import type { DiscordOutboxTable } from '../db/schema.js';

/** SQL of the Discord outbox: one row per message a run produced, with its delivery status. */

export type OutboxRow = Selectable<DiscordOutboxTable>;

export async function insertOutboxMessage(
  db: DbHandle,
  row: { runId: number; scriptId: string; payload: string; status: 'pending' | 'outbox'; now: Date },
): Promise<number> {
  const inserted = await db
    .insertInto('discord_outbox')
    .values({
      script_run_id: row.runId,
      script_id: row.scriptId,
      created_at: row.now.toISOString(),
      payload: row.payload,
      status: row.status,
      error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function readOutboxPayload(db: DbHandle, id: number): Promise<string> {
  const row = await db.selectFrom('discord_outbox').select('payload').where('id', '=', id).executeTakeFirstOrThrow();
  return row.payload;
}

export async function markOutboxMessage(
  db: DbHandle,
  id: number,
  outcome: { status: 'sent' | 'failed'; error: string | null },
): Promise<void> {
  await db.updateTable('discord_outbox').set(outcome).where('id', '=', id).execute();
}

/** The newest rows first. */
export function listOutboxRows(db: DbHandle, limit: number): Promise<OutboxRow[]> {
  return db.selectFrom('discord_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
