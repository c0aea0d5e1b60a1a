import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { createPrivateFile, ensureDataDir } from '../../lib/data-dir.js';
import { claimSigningKeyRotation, deleteLegacySigningKey } from './signing-key.repository.js';

/** The generated key's file in DATA_DIR (docs/decisions/016-signing-key-file.md). */
export const SIGNING_KEY_FILE = 'session-signing.key';
const MIN_KEY_BYTES = 32;

export interface SigningKeys {
  key: Uint8Array;
  /** the key this start replaced (the one-time rotation), so what it sealed can be sealed again */
  replaced: Uint8Array | null;
}

const freshKey = () => `${randomBytes(MIN_KEY_BYTES).toString('base64url')}\n`;

function readKeyFile(file: string): Buffer {
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  if (key.length < MIN_KEY_BYTES) {
    throw new Error(`The session signing key in ${file} is damaged: delete the file (this signs everyone out).`);
  }
  return key;
}

/**
 * SEC-JWT-03: JWT_SECRET when configured; else 256 bits from the CSPRNG, generated once into its
 * own 0600 file in DATA_DIR, apart from the database. Deleting or replacing the file signs every
 * session out at the next start. The key an earlier version kept in the database is deleted and
 * never used; the key in use before this version is replaced once (everyone signs in again), since
 * database backups taken before the upgrade held it (docs/decisions/054-signing-key-rotation.md).
 */
export async function loadSigningKey(ctx: AppContext): Promise<SigningKeys> {
  const db = ctx.db.kysely;
  if (await deleteLegacySigningKey(db)) {
    ctx.log.info('Deleted the session signing key an earlier version kept in the database');
  }
  const rotate = await claimSigningKeyRotation(db);
  if (ctx.config.JWT_SECRET) return { key: new TextEncoder().encode(ctx.config.JWT_SECRET), replaced: null };

  ensureDataDir(ctx.config.DATA_DIR);
  const file = path.join(ctx.config.DATA_DIR, SIGNING_KEY_FILE);
  let replaced: Buffer | null = null;
  if (fs.existsSync(file) && rotate) {
    replaced = readKeyFile(file);
    const next = `${file}.${process.pid}.new`;
    fs.rmSync(next, { force: true });
    createPrivateFile(next, freshKey());
    fs.renameSync(next, file);
    ctx.log.warn({ file }, 'Replaced the session signing key once after the upgrade: everyone signs in again');
  } else if (createPrivateFile(file, freshKey())) {
    ctx.log.info({ file }, 'Generated the session signing key');
  }
  fs.chmodSync(file, 0o600);
  return { key: readKeyFile(file), replaced };
}
