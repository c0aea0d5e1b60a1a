import type { DbHandle } from '#server/db/handle';

/**
 * The queue of Discord users whose roles must be brought in line (docs/decisions/160-discord-roles.md): one row per
 * user, kept until a sync of that user succeeds. A sync compares with what Discord has, so a retry after an outage
 * applies only what is still missing, never a change twice.
 */
export async function enqueue(db: DbHandle, userIds: readonly string[], reason: string, at: string): Promise<void> {
  for (const id of new Set(userIds)) {
    await db
      .insertInto('discord_role_queue')
      .values({ discord_user_id: id, reason, queued_at: at, next_attempt_at: null, last_error: null })
      // a newer trigger moves queued_at on, so a sync that read the older row does not delete it
      .onConflict((oc) => oc.column('discord_user_id').doUpdateSet({ reason, queued_at: at }))
      .execute();
  }
}

export async function due(db: DbHandle, now: string, limit: number) {
  return db
    .selectFrom('discord_role_queue')
    .selectAll()
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .orderBy('queued_at')
    .limit(limit)
    .execute();
}

/** Done: removed unless a newer trigger queued the user again meanwhile. */
export async function dequeue(db: DbHandle, userId: string, queuedAt: string): Promise<void> {
  await db
    .deleteFrom('discord_role_queue')
    .where('discord_user_id', '=', userId)
    .where('queued_at', '=', queuedAt)
    .execute();
}

export async function postpone(db: DbHandle, userId: string, error: string, nextAt: string): Promise<void> {
  await db
    .updateTable('discord_role_queue')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error, next_attempt_at: nextAt }))
    .where('discord_user_id', '=', userId)
    .execute();
}

export async function queueSize(db: DbHandle): Promise<number> {
  const row = await db
    .selectFrom('discord_role_queue')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
