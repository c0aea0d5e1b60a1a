import type { DbHandle as Handle } from '../../db/handle.js';

/** app_settings: small named values the app keeps between starts (e.g. the demo history marker). */
export async function readSetting(db: Handle, key: string): Promise<string | null> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

export async function writeSetting(db: Handle, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export async function deleteSetting(db: Handle, key: string): Promise<void> {
  await db.deleteFrom('app_settings').where('key', '=', key).execute();
}
