import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ConfigError, loadConfig } from '../config/env.js';
import { createPrivateFile } from '../lib/data-dir.js';

/**
 * `npm run backup` (in the container image: `node dist/server/cli/backup.js`): an online copy of
 * the SQLite database, safe while the server runs. SQLite's backup API reads a consistent
 * snapshot through the WAL; copying clanops.sqlite alone would miss what the WAL still holds
 * (docs/deploy.md, "Backups"). PostgreSQL is backed up with pg_dump.
 */

export interface BackupResult {
  file: string;
  bytes: number;
}

/** DATA_DIR/backups/clanops-2026-11-23T14-05-00Z.sqlite: sorts by time, no ':' for Windows shares. */
export function defaultBackupFile(dataDir: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return path.join(dataDir, 'backups', `clanops-${stamp}.sqlite`);
}

/** A generated name that is taken (two backups within one second) gets -2, -3… before .sqlite. */
function unusedName(file: string): string {
  let candidate = file;
  for (let n = 2; fs.existsSync(candidate); n += 1) candidate = file.replace(/\.sqlite$/, `-${n}.sqlite`);
  return candidate;
}

/**
 * Copies `source` to `target` with the backup API, then checks the copy and makes it one
 * self-contained file (rollback journal instead of WAL; the server switches it back on start).
 */
export async function backupSqlite(source: string, target: string): Promise<BackupResult> {
  if (fs.existsSync(target)) throw new Error(`${target} already exists; choose another file name.`);
  makePrivateFolder(path.dirname(target));
  // The copy holds the password hash, the sealed TOTP secret and recovery-code hashes: it is
  // created 0600 before SQLite writes into it (its journal takes the same mode), whatever the umask.
  if (!createPrivateFile(target, '')) throw new Error(`${target} already exists; choose another file name.`);
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(target);
  } finally {
    db.close();
  }
  const copy = new SQLite(target);
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy failed its integrity check (${String(check)}).`);
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  fs.chmodSync(target, 0o600);
  return { file: target, bytes: fs.statSync(target).size };
}

/** Creates the missing folders of `dir` 0700 (whatever the umask); folders that exist are left as they are. */
function makePrivateFolder(dir: string): void {
  const first = fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (first === undefined) return;
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    fs.chmodSync(d, 0o700);
    if (d === path.resolve(first)) break;
  }
}

/**
 * The copy taken at start before migrations change the database: DATA_DIR/backups/clanops-before-0.2.0-<time>.sqlite,
 * named for the version that migrates, which is the one a rollback's message names (db/migration-errors.ts).
 */
export function automaticBackup(source: string, dataDir: string, version: string, now: Date): Promise<BackupResult> {
  const stamped = path.basename(defaultBackupFile('.', now)).replace(/^clanops-/, `clanops-before-${version}-`);
  return backupSqlite(source, unusedName(path.join(path.resolve(dataDir), 'backups', stamped)));
}

/** The command: exit status and the text to print. */
export async function backupCommand(
  env: Record<string, string | undefined>,
  args: string[],
  now: Date,
): Promise<{ status: number; text: string }> {
  const config = loadConfig(env);
  if (config.DATABASE_URL) {
    return {
      status: 2,
      text:
        'DATABASE_URL points at PostgreSQL; this command only backs up the SQLite file. Use pg_dump:\n\n' +
        '  pg_dump --format=custom --file "clanops-$(date -u +%Y-%m-%dT%H-%M-%SZ).dump" "$DATABASE_URL"\n\n' +
        'Restore steps are in docs/deploy.md ("Restore").\n',
    };
  }
  const source = path.resolve(config.DATA_DIR, 'clanops.sqlite');
  if (!fs.existsSync(source)) {
    return { status: 1, text: `No database at ${source}: set DATA_DIR to the folder that holds clanops.sqlite.\n` };
  }
  const arg = args[0];
  const target =
    arg === undefined
      ? unusedName(defaultBackupFile(path.resolve(config.DATA_DIR), now))
      : fs.existsSync(arg) && fs.statSync(arg).isDirectory()
        ? unusedName(path.join(arg, path.basename(defaultBackupFile('.', now))))
        : path.resolve(arg);
  const result = await backupSqlite(source, target);
  return {
    status: 0,
    text: `Backed up ${source} to ${result.file} (${Math.ceil(result.bytes / 1024)} KiB, integrity ok).\n`,
  };
}

const isEntry = process.argv[1] && /[\\/]cli[\\/]backup\.(ts|js)$/.test(path.resolve(process.argv[1]));
if (isEntry) {
  backupCommand(process.env, process.argv.slice(2), new Date()).then(
    ({ status, text }) => {
      (status === 0 ? process.stdout : process.stderr).write(text);
      process.exit(status);
    },
    (err: unknown) => {
      const message = err instanceof ConfigError || err instanceof Error ? err.message : String(err);
      process.stderr.write(`Backup failed: ${message.split('\n')[0]}\n`);
      process.exit(1);
    },
  );
}
