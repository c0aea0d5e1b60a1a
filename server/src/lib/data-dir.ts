import fs from 'node:fs';
import path from 'node:path';

/**
 * SEC-JWT-03: the data folder holds the database and the signing key, so it is created 0700
 * and the files in it 0600 (whatever the umask). A folder that already existed is left as the
 * operator made it; `dataDirWarning` reports one that others can read.
 */
export function ensureDataDir(dir: string): void {
  if (fs.existsSync(dir)) return;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

/** Creates the file empty with mode 0600 when missing, and tightens it to 0600 when it exists. */
export function ensurePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
}

/** Writes a new private file; false when it already exists (another process was first). */
export function createPrivateFile(file: string, content: string): boolean {
  try {
    fs.writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
    fs.chmodSync(file, 0o600);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** A line for the log when group or others may read or enter the folder, else null. */
export function dataDirWarning(dir: string): string | null {
  try {
    const mode = fs.statSync(dir).mode & 0o777;
    if ((mode & 0o077) === 0) return null;
    return (
      `DATA_DIR ${path.resolve(dir)} is readable by other users (mode ${mode.toString(8)}); ` +
      `it holds the database and the session signing key: run chmod 700 on it.`
    );
  } catch {
    return null;
  }
}
