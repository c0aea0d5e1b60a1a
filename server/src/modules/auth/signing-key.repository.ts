import type { DbHandle } from '../../db/handle.js';

const LEGACY_SETTING = 'jwt_secret';
const ROTATION_DUE = 'signing_key_rotation_due';

/**
 * Earlier versions kept the generated key in app_settings. The row is deleted (whether or not
 * JWT_SECRET is set); its key is never used again, since old database backups hold it.
 */
export async function deleteLegacySigningKey(db: DbHandle): Promise<boolean> {
  const row = await db
    .deleteFrom('app_settings')
    .where('key', '=', LEGACY_SETTING)
    .returning('value')
    .executeTakeFirst();
  return row !== undefined;
}

/** Claims the one-time rotation the upgrade asked for (migration 006): true for one caller only. */
export async function claimSigningKeyRotation(db: DbHandle): Promise<boolean> {
  const row = await db.deleteFrom('app_settings').where('key', '=', ROTATION_DUE).returning('value').executeTakeFirst();
  return row !== undefined;
}
