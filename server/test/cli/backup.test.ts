import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { backupCommand, defaultBackupFile } from '../../src/cli/backup.js';
import { loadConfig } from '../../src/config/env.js';
import { openDatabase, type Db } from '../../src/db/database.js';
import { TABLE_NAMES } from '../../src/db/schema.js';
import { ManualClock } from '../../src/lib/clock.js';

/** `npm run backup` as a user runs it: its own process, next to a running server. */
function runBackup(env: Record<string, string>, args: string[] = []) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli/backup.ts', ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

function rowCounts(file: string): Record<string, number> {
  const db = new SQLite(file, { readonly: true });
  try {
    return Object.fromEntries(
      TABLE_NAMES.map((t) => [t, (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n]),
    );
  } finally {
    db.close();
  }
}

describe('npm run backup (SQLite)', () => {
  let dataDir = '';
  let db: Db;
  let app: FastifyInstance;

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-backup-'));
    // The server's own connection (WAL), with rows in several tables from real script runs.
    db = openDatabase({ sqliteFile: path.join(dataDir, 'clanops.sqlite') });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    app = await buildApp({ config, db, clock: new ManualClock('2026-11-23T12:00:00.000Z'), logger: false });
    await app.ready();
    for (const id of ['river-race-log', 'monthly-fame']) {
      const report = await app.services.scripts.runNow(app.services.scripts.find(id)!);
      expect(report.status).toBe('completed');
    }
  });

  afterEach(async () => {
    await app.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies a consistent database while the server connection is open, WAL content included', async () => {
    const source = path.join(dataDir, 'clanops.sqlite');
    // Recent writes are still in the WAL: a copy of clanops.sqlite alone would miss them.
    expect(fs.statSync(`${source}-wal`).size).toBeGreaterThan(0);
    const expected = rowCounts(source);
    const filled = Object.entries(expected).filter(([, n]) => n > 0);
    expect(filled.length).toBeGreaterThanOrEqual(5);

    const result = runBackup({ DATA_DIR: dataDir });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const file = /to (\S+) \(\d+ KiB, integrity ok\)/.exec(result.stdout)?.[1];
    expect(file).toMatch(/[\\/]backups[\\/]clanops-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite$/);

    expect(fs.existsSync(`${file!}-wal`)).toBe(false);
    const copy = new SQLite(file!, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    } finally {
      copy.close();
    }
    expect(rowCounts(file!)).toEqual(expected);
    // The server's connection kept working throughout.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('creates the backups folder 0700 and the copy 0600 with the usual umask 022 (it holds the password hash)', () => {
    const umask = process.umask(0o022);
    try {
      const result = runBackup({ DATA_DIR: dataDir });
      expect(result.status).toBe(0);
      const file = /to (\S+) \(\d+ KiB/.exec(result.stdout)![1]!;
      expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      // A folder named as argument that does not exist yet is created private too, every level of it.
      const nested = path.join(dataDir, 'offsite', 'weekly', 'copy.sqlite');
      expect(runBackup({ DATA_DIR: dataDir }, [nested]).status).toBe(0);
      expect(fs.statSync(path.join(dataDir, 'offsite')).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.dirname(nested)).mode & 0o777).toBe(0o700);
      expect(fs.statSync(nested).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(umask);
    }
  });

  it('writes to a path given as argument and never overwrites a file', () => {
    const target = path.join(dataDir, 'before-upgrade.sqlite');
    expect(runBackup({ DATA_DIR: dataDir }, [target]).status).toBe(0);
    expect(rowCounts(target)).toEqual(rowCounts(path.join(dataDir, 'clanops.sqlite')));
    const again = runBackup({ DATA_DIR: dataDir }, [target]);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already exists; choose another file name/);
  });

  it('gives two backups taken within the same second two files', async () => {
    const now = new Date('2026-11-23T14:05:00.100Z');
    const first = await backupCommand({ DATA_DIR: dataDir, DATABASE_URL: '' }, [], now);
    const second = await backupCommand({ DATA_DIR: dataDir, DATABASE_URL: '' }, [], new Date(now.getTime() + 500));
    expect([first.status, second.status]).toEqual([0, 0]);
    expect(fs.readdirSync(path.join(dataDir, 'backups')).sort()).toEqual([
      'clanops-2026-11-23T14-05-00Z-2.sqlite',
      'clanops-2026-11-23T14-05-00Z.sqlite',
    ]);
  });
});

describe('npm run backup (other setups)', () => {
  it('points PostgreSQL users at pg_dump', () => {
    const result = runBackup({ DATABASE_URL: 'postgres://clanops@db.example:5432/clanops' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^DATABASE_URL points at PostgreSQL/);
    expect(result.stderr).toMatch(/pg_dump --format=custom/);
    expect(result.stderr).toMatch(/docs\/deploy\.md \("Restore"\)/);
  });

  it('names the missing database file', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-backup-empty-'));
    const result = runBackup({ DATA_DIR: empty });
    fs.rmSync(empty, { recursive: true, force: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^No database at .*clanops\.sqlite: set DATA_DIR/);
  });

  it('names backups by UTC time', () => {
    expect(defaultBackupFile('/srv/clanops', new Date('2026-11-23T14:05:00.123Z'))).toBe(
      path.join('/srv/clanops', 'backups', 'clanops-2026-11-23T14-05-00Z.sqlite'),
    );
  });
});
