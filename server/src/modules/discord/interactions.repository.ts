import type { DbHandle } from '../../db/handle.js';

/**
 * SQL of discord_interactions: the ids of interactions already received (docs/decisions/111-discord-interactions-once.md).
 * One conditional insert per interaction, so two copies of one request arriving at once are told apart too.
 */

/** Records an interaction id; false when it was already recorded (a replay). Rows older than `keepMs` go. */
export async function rememberInteraction(db: DbHandle, id: string, now: Date, keepMs: number): Promise<boolean> {
  await db
    .deleteFrom('discord_interactions')
    .where('seen_at', '<', new Date(now.getTime() - keepMs).toISOString())
    .execute();
  const result = await db
    .insertInto('discord_interactions')
    .values({ id, seen_at: now.toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}
