import type { DbHandle } from '../../db/handle.js';

const LEGACY_SETTING = 'jwt_secret';

/**
 * Earlier versions kept the generated key in app_settings. It is taken out of the database once
 * (read and deleted) so that the key file carries on the same sessions.
 */
export async function takeLegacySigningKey(db: DbHandle): Promise<string | null> {
  const row = await db
    .deleteFrom('app_settings')
    .where('key', '=', LEGACY_SETTING)
    .returning('value')
    .executeTakeFirst();
  return row?.value ?? null;
}
