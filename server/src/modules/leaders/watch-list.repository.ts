import type { DbHandle } from '#server/db/handle';

/** SQL of the watch list (docs/leaders-memory.md): players leaders flagged, alerted on once per stint. */

export interface WatchEntry {
  playerTag: string;
  reason: string;
  addedAt: string;
  addedBy: string;
}

export async function listWatch(db: DbHandle, tags?: readonly string[]): Promise<WatchEntry[]> {
  if (tags?.length === 0) return [];
  let q = db.selectFrom('watch_list').select(['player_tag', 'reason', 'added_at', 'added_by']);
  if (tags) q = q.where('player_tag', 'in', [...tags]);
  const rows = await q.orderBy('added_at', 'desc').execute();
  return rows.map((r) => ({ playerTag: r.player_tag, reason: r.reason, addedAt: r.added_at, addedBy: r.added_by }));
}

/** Flags a player, or replaces the reason of one already flagged. */
export async function upsertWatch(db: DbHandle, e: WatchEntry): Promise<void> {
  await db
    .insertInto('watch_list')
    .values({
      player_tag: e.playerTag,
      reason: e.reason,
      added_at: e.addedAt,
      added_by: e.addedBy,
      alerted_stint: null,
    })
    .onConflict((oc) => oc.column('player_tag').doUpdateSet({ reason: e.reason }))
    .execute();
}

export async function deleteWatch(db: DbHandle, tag: string): Promise<boolean> {
  const result = await db.deleteFrom('watch_list').where('player_tag', '=', tag).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Marks the stint alerted on; false when it already was (another instance's poll): alert once. */
export async function claimWatchAlert(db: DbHandle, tag: string, stint: string): Promise<boolean> {
  const result = await db
    .updateTable('watch_list')
    .set({ alerted_stint: stint })
    .where('player_tag', '=', tag)
    .where((eb) => eb.or([eb('alerted_stint', 'is', null), eb('alerted_stint', '!=', stint)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
