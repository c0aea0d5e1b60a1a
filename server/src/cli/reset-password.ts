import path from 'node:path';
import { ConfigError, loadConfig } from '../config/env.js';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { findFirstAdmin, insertAdmin, replacePassword } from '../modules/auth/admin-user.repository.js';
import { generatePassword } from '../modules/auth/bootstrap-admin.js';
import { createArgon2Hasher } from '../modules/auth/password-hasher.js';
import { accountKey } from '../modules/auth/login-common.js';
import { ACCOUNT_DELAY, clearHits, TOTP_DELAY } from '../modules/auth/throttle.js';
import { disableTotp } from '../modules/auth/totp.repository.js';

/**
 * `npm run admin:reset-password`: for a lost mailbox. Sets a new generated password on the
 * admin (created from ADMIN_USERNAME when none exists), forces a change at next login, revokes
 * every session and reset link, and prints the password once. With `--disable-totp` it also
 * turns two-factor sign-in off (a lost phone and lost recovery codes).
 */
export async function resetAdminPassword(
  db: Db,
  username: string,
  now: Date,
  options: { disableTotp?: boolean; mainClanTag?: string } = {},
): Promise<{ username: string; password: string; totpOn: boolean }> {
  await migrateToLatest(db.kysely, { mainClanTag: options.mainClanTag });
  const hasher = createArgon2Hasher({ concurrency: 1 });
  const password = generatePassword();
  const passwordHash = await hasher.hash(password);
  const existing = await findFirstAdmin(db.kysely);
  if (existing) {
    await replacePassword(db.kysely, existing.id, passwordHash, true, now);
    if (options.disableTotp && existing.totp_secret) await disableTotp(db.kysely, existing.id, now);
    // SEC-LOGIN-05: a reset from the shell also lifts a login throttle on the account, and the
    // wait on codes that wrong codes typed after the old password built up.
    await clearHits(db, ACCOUNT_DELAY, accountKey(existing.username));
    await clearHits(db, TOTP_DELAY, String(existing.id));
    return { username: existing.username, password, totpOn: Boolean(existing.totp_secret) && !options.disableTotp };
  }
  await insertAdmin(db.kysely, { username, passwordHash, mustChangePassword: true, now });
  return { username, password, totpOn: false };
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: path.resolve(config.DATA_DIR, 'clanops.sqlite'),
  });
  try {
    const turnOffTotp = process.argv.includes('--disable-totp');
    const { username, password, totpOn } = await resetAdminPassword(db, config.ADMIN_USERNAME, new Date(), {
      disableTotp: turnOffTotp,
      mainClanTag: config.CLAN_TAG,
    });
    process.stdout.write(
      `The password of the admin "${username}" is now:\n\n  ${password}\n\n` +
        'Every session was signed out. Log in at /admin; you will be asked to choose a new password.\n' +
        (totpOn
          ? 'Two-factor sign-in stays on. Lost the phone and the recovery codes? Run this again with -- --disable-totp.\n'
          : turnOffTotp
            ? 'Two-factor sign-in is off.\n'
            : ''),
    );
  } finally {
    await db.close();
  }
}

const isEntry = process.argv[1] && /[\\/]cli[\\/]reset-password\.(ts|js)$/.test(path.resolve(process.argv[1]));
if (isEntry) {
  main().catch((err: unknown) => {
    const message = err instanceof ConfigError || err instanceof Error ? err.message : String(err);
    process.stderr.write(`Password reset failed: ${message.split('\n')[0]}\n`);
    process.exit(1);
  });
}
