import { sql } from 'kysely';
import type { DbHandle } from '../../db/handle.js';

/** SQL of the throttles (docs/security.md): one row per bucket key in rate_limits. */

export async function readBlockedUntil(db: DbHandle, key: string): Promise<string | null> {
  const row = await db.selectFrom('rate_limits').select('blocked_until').where('key', '=', key).executeTakeFirst();
  return row?.blocked_until ?? null;
}

export async function readHits(db: DbHandle, key: string): Promise<number> {
  const row = await db.selectFrom('rate_limits').select('hits').where('key', '=', key).executeTakeFirst();
  return row?.hits ?? 0;
}

/** A window that ended (and any block that ran out) starts over. */
export async function restartEndedWindow(db: DbHandle, key: string, now: Date, windowMs: number): Promise<void> {
  const nowIso = now.toISOString();
  await db
    .updateTable('rate_limits')
    .set({ hits: 0, window_started_at: nowIso, blocked_until: null })
    .where('key', '=', key)
    .where('window_started_at', '<', new Date(now.getTime() - windowMs).toISOString())
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', nowIso)]))
    .execute();
}

/** Counts one hit atomically (upsert with `hits + 1`, so parallel requests and instances all count). */
export async function incrementHits(
  db: DbHandle,
  key: string,
  now: Date,
): Promise<{ hits: number; blocked_until: string | null }> {
  return db
    .insertInto('rate_limits')
    .values({ key, hits: 1, window_started_at: now.toISOString(), blocked_until: null })
    .onConflict((oc) => oc.column('key').doUpdateSet({ hits: sql<number>`rate_limits.hits + 1` }))
    .returning(['hits', 'blocked_until'])
    .executeTakeFirstOrThrow();
}

export async function setBlockedUntil(db: DbHandle, key: string, until: string): Promise<void> {
  await db.updateTable('rate_limits').set({ blocked_until: until }).where('key', '=', key).execute();
}

/**
 * One statement that counts a hit only when the key is not waiting, and sets the wait the new
 * count earns from `ladder` (hits -> blocked_until). No row back means the key is waiting.
 */
export async function incrementUnlessWaiting(
  db: DbHandle,
  key: string,
  now: Date,
  ladder: { from: number; until: string }[],
): Promise<{ hits: number } | undefined> {
  const nowIso = now.toISOString();
  const next = sql<number>`rate_limits.hits + 1`;
  const steps = [...ladder].sort((a, b) => b.from - a.from);
  const waitFor = sql<string | null>`CASE ${sql.join(
    steps.map((s) => sql`WHEN ${next} >= ${s.from} THEN ${s.until}`),
    sql` `,
  )} ELSE NULL END`;
  return db
    .insertInto('rate_limits')
    .values({ key, hits: 1, window_started_at: nowIso, blocked_until: null })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ hits: next, blocked_until: waitFor })
        .where((eb) =>
          eb.or([eb('rate_limits.blocked_until', 'is', null), eb('rate_limits.blocked_until', '<=', nowIso)]),
        ),
    )
    .returning(['hits'])
    .executeTakeFirst();
}

export async function decrementHits(db: DbHandle, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql<number>`hits - 1` })
    .where('key', '=', key)
    .where('hits', '>', 0)
    .execute();
}

export async function deleteKey(db: DbHandle, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/**
 * Pruning: rows whose window started before `staleBefore` and that no longer block anyone; only
 * keys starting with `prefix` when given, and never keys starting with one of `keep`.
 */
export async function deleteStaleRateLimits(
  db: DbHandle,
  staleBefore: Date,
  now: Date,
  scope: { prefix?: string; keep?: string[] } = {},
): Promise<number> {
  let query = db
    .deleteFrom('rate_limits')
    .where('window_started_at', '<', staleBefore.toISOString())
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', now.toISOString())]));
  if (scope.prefix !== undefined) query = query.where('key', 'like', `${scope.prefix}%`);
  for (const kept of scope.keep ?? []) query = query.where('key', 'not like', `${kept}%`);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
