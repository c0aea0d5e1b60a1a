import type { Selectable } from 'kysely';
import type { DbHandle } from '../db/handle.js';
import { dbNowIso } from '../db/db-clock.js';
import type { DiscordOutboxTable } from '../db/schema.js';

/** SQL of the Discord outbox: one row per message a run produced, with its delivery (docs/decisions/042). */

export type OutboxRow = Selectable<DiscordOutboxTable>;

/** Rows still to deliver: new, or failed and waiting for their next try. */
const OPEN = ['pending', 'failed'];

export async function insertOutboxMessage(
  db: DbHandle,
  row: {
    /** null: written by a roster observation, not a run (the clan log) */
    runId: number | null;
    scriptId: string | null;
    clanTag: string;
    payload: string;
    status: 'pending' | 'outbox';
    destination: string | null;
    /** dropped as 'expired' instead of being sent after this instant */
    expiresAt?: string | null;
    now: Date;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('discord_outbox')
    .values({
      script_run_id: row.runId,
      script_id: row.scriptId,
      clan_tag: row.clanTag,
      created_at: row.now.toISOString(),
      payload: row.payload,
      status: row.status,
      error: null,
      next_attempt_at: null,
      sent_at: null,
      message_ids: null,
      claimed_by: null,
      claimed_until: null,
      destination: row.destination,
      expires_at: row.expiresAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The oldest undelivered rows, in the order they were written. */
export function openRows(db: DbHandle, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom('discord_outbox')
    .selectAll()
    .where('status', 'in', OPEN)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/**
 * Takes a row for sending unless another instance holds it; the claim lapses after `ttlMs` by the
 * database's clock, so a row held by a process that died is taken over.
 */
export async function claimRow(db: DbHandle, id: number, holder: string, ttlMs: number): Promise<boolean> {
  const now = dbNowIso(db);
  const result = await db
    .updateTable('discord_outbox')
    .set({ claimed_by: holder, claimed_until: dbNowIso(db, ttlMs) })
    .where('id', '=', id)
    .where('status', 'in', OPEN)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Written after each part Discord confirms, so a retry never sends that part again. */
export async function recordPartsSent(
  db: DbHandle,
  id: number,
  partsSent: number,
  messageIds: string[],
): Promise<void> {
  await db
    .updateTable('discord_outbox')
    .set({ parts_sent: partsSent, message_ids: JSON.stringify(messageIds) })
    .where('id', '=', id)
    .execute();
}

export async function markSent(db: DbHandle, id: number, now: Date): Promise<void> {
  await db
    .updateTable('discord_outbox')
    .set({
      status: 'sent',
      sent_at: now.toISOString(),
      error: null,
      next_attempt_at: null,
      claimed_by: null,
      claimed_until: null,
    })
    .where('id', '=', id)
    .execute();
}

/** A message whose moment has passed (a reminder after its reset): kept in the outbox, never sent. */
export async function markExpired(db: DbHandle, id: number, error: string): Promise<void> {
  await db
    .updateTable('discord_outbox')
    .set({ status: 'expired', error, next_attempt_at: null, claimed_by: null, claimed_until: null })
    .where('id', '=', id)
    .where('status', 'in', OPEN)
    .execute();
}

export async function markFailed(
  db: DbHandle,
  id: number,
  failure: { attempts: number; error: string; nextAttemptAt: Date | null },
): Promise<void> {
  await db
    .updateTable('discord_outbox')
    .set({
      status: failure.nextAttemptAt ? 'failed' : 'abandoned',
      attempts: failure.attempts,
      error: failure.error,
      next_attempt_at: failure.nextAttemptAt?.toISOString() ?? null,
      claimed_by: null,
      claimed_until: null,
    })
    .where('id', '=', id)
    .execute();
}

export function outboxRowsById(db: DbHandle, ids: number[]): Promise<OutboxRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('discord_outbox').selectAll().where('id', 'in', ids).execute();
}

/** One clan's newest rows first. */
export function listOutboxRows(db: DbHandle, clanTag: string, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom('discord_outbox')
    .selectAll()
    .where('clan_tag', '=', clanTag)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Deletes rows that are done with, created before `before`: delivered ones, the ones kept
 * without a webhook and the expired ones. Undelivered rows (pending, failed, given up) stay until the admin has seen them
 * and their run is gone from the history (`abandonedBefore`). Returns how many.
 */
export async function pruneOutbox(db: DbHandle, before: Date, abandonedBefore: Date): Promise<number> {
  const done = await db
    .deleteFrom('discord_outbox')
    .where('status', 'in', ['sent', 'outbox', 'expired'])
    .where('created_at', '<', before.toISOString())
    .executeTakeFirst();
  const abandoned = await db
    .deleteFrom('discord_outbox')
    .where('status', '=', 'abandoned')
    .where('created_at', '<', abandonedBefore.toISOString())
    .executeTakeFirst();
  return Number(done.numDeletedRows) + Number(abandoned.numDeletedRows);
}
