import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { createPrivateFile, ensureDataDir } from '../../lib/data-dir.js';
import { takeLegacySigningKey } from './signing-key.repository.js';

/** The generated key's file in DATA_DIR (docs/decisions/016-signing-key-file.md). */
export const SIGNING_KEY_FILE = 'session-signing.key';
const MIN_KEY_BYTES = 32;

/**
 * SEC-JWT-03: JWT_SECRET when configured; else 256 bits from the CSPRNG, generated once into its
 * own 0600 file in DATA_DIR, apart from the database. Deleting or replacing the file signs every
 * session out at the next start.
 */
export async function loadSigningKey(ctx: AppContext): Promise<Uint8Array> {
  if (ctx.config.JWT_SECRET) return new TextEncoder().encode(ctx.config.JWT_SECRET);
  ensureDataDir(ctx.config.DATA_DIR);
  const file = path.join(ctx.config.DATA_DIR, SIGNING_KEY_FILE);
  const legacy = await takeLegacySigningKey(ctx.db.kysely);
  if (!fs.existsSync(file)) {
    const fresh = legacy ?? randomBytes(MIN_KEY_BYTES).toString('base64url');
    if (createPrivateFile(file, `${fresh}\n`)) {
      ctx.log.info({ file }, 'Generated the session signing key');
    }
  }
  fs.chmodSync(file, 0o600);
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  if (key.length < MIN_KEY_BYTES) {
    throw new Error(`The session signing key in ${file} is damaged: delete the file (this signs everyone out).`);
  }
  return key;
}
