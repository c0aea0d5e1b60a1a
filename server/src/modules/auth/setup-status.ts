import { createHash } from 'node:crypto';
import type { SetupStatus } from '#contracts/setup-status';
import type { AppContext } from '../../app-context.js';
import { readSetting, writeSetting } from '../settings/app-settings.repository.js';
import { findFirstAdmin } from './admin-user.repository.js';

/**
 * app_settings key: a SHA-256 of the hash of the password generated at first start. Any later
 * password (changed in the console, by a reset link or by the reset command) has another hash, so
 * "first run" ends by itself without every password path having to clear a flag.
 */
const GENERATED_PASSWORD_KEY = 'first_admin_generated_password';

function fingerprint(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('hex');
}

/** Called once, when the first admin was created with a generated password printed in the log. */
export async function rememberGeneratedPassword(ctx: AppContext, passwordHash: string): Promise<void> {
  await writeSetting(ctx.db.kysely, GENERATED_PASSWORD_KEY, fingerprint(passwordHash));
}

/** First run: the admin still has the generated password, which must be changed at first login. */
export async function setupStatus(ctx: AppContext): Promise<SetupStatus> {
  const db = ctx.db.kysely;
  const marker = await readSetting(db, GENERATED_PASSWORD_KEY);
  if (marker === null) return { firstRun: false };
  const admin = await findFirstAdmin(db);
  const firstRun =
    admin !== undefined && admin.must_change_password === 1 && fingerprint(admin.password_hash) === marker;
  return { firstRun };
}
