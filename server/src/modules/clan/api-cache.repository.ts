import type { DbHandle } from '../../db/handle.js';

/** SQL of the saved public data (api_cache): the last good value of each cache key. */

export function readCachedValue(db: DbHandle, key: string): Promise<{ value: string; fetched_at: string } | undefined> {
  return db.selectFrom('api_cache').select(['value', 'fetched_at']).where('key', '=', key).executeTakeFirst();
}

export async function saveCachedValue(
  db: DbHandle,
  row: { key: string; value: string; fetchedAt: Date },
): Promise<void> {
  const values = { key: row.key, value: row.value, fetched_at: row.fetchedAt.toISOString() };
  await db
    .insertInto('api_cache')
    .values(values)
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: values.value, fetched_at: values.fetched_at }))
    .execute();
}
