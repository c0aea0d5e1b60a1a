import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/database.js';
import { APP_VERSION } from '../../src/version.js';
import { DEFAULT_SIM_CLAN_TAG } from '../../src/simulator/simulator.js';
import { startBuiltServer } from '#tools/server-process';
import { buildTestApp } from '../helpers/test-app.js';
import { createTestDb, engines, type TestDb } from '../helpers/test-db.js';

/** What a newer version leaves behind: a migration this version does not have, and its own version recorded. */
async function upgradedByANewerVersion(db: TestDb): Promise<void> {
  await migrateToLatest(db.kysely, { version: APP_VERSION, mainClanTag: DEFAULT_SIM_CLAN_TAG });
  await sql`insert into kysely_migration (name, timestamp) values ('013-from-the-future', '2027-01-01T00:00:00.000Z')`.execute(
    db.kysely,
  );
  await sql`update app_settings set value = '9.9.0' where key = 'schema_migrated_by'`.execute(db.kysely);
}

const ROLLBACK = new RegExp(
  `^This database was upgraded by ClanOps 9\\.9\\.0 \\(migration 013-from-the-future\\), which this version ` +
    `\\(${APP_VERSION.replaceAll('.', '\\.')}\\) cannot read\\. Restore the backup taken before the upgrade`,
);

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

describe.each(engines)('a rollback onto a database a newer version migrated, on %s', (engine) => {
  it('is refused with the version that migrated it and "restore the backup", not "corrupted migrations"', async () => {
    const db = await createTestDb(engine, { migrate: false });
    cleanups.push(db.drop);
    await upgradedByANewerVersion(db);
    await expect(
      migrateToLatest(db.kysely, { version: APP_VERSION, mainClanTag: DEFAULT_SIM_CLAN_TAG }),
    ).rejects.toThrow(ROLLBACK);
    await expect(buildTestApp({ engine, prepareDb: upgradedByANewerVersion })).rejects.toThrow(ROLLBACK);
  });
});

describe('the start on an upgraded or an older SQLite database (a real process)', () => {
  async function dataDirWith(prepare: (db: TestDb) => Promise<void>): Promise<string> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-upgrade-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const db = openDatabase({ sqliteFile: path.join(dataDir, 'clanops.sqlite') });
    await prepare({ ...db, drop: () => db.close() });
    await db.close();
    return dataDir;
  }

  it('exits 78 (a restart cannot fix it) with the rollback message as its one line', async () => {
    const dataDir = await dataDirWith(upgradedByANewerVersion);
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '5999' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(78);
    const lines = result.stderr.split('\n').filter((l) => l && !/ExperimentalWarning|--trace-warnings/.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.replace(/^ClanOps failed to start: /, '')).toMatch(ROLLBACK);
  });

  it('backs the database up before migrating it, and names the copy for the version that migrates', async () => {
    const dataDir = await dataDirWith((db) => migrateTo(db.kysely, '008-member-trophies'));
    const server = await startBuiltServer({ source: true, dataDir, env: { DEMO_HISTORY: '0' } });
    cleanups.push(() => server.stop({ keepData: true }));
    const backups = fs.readdirSync(path.join(dataDir, 'backups'));
    expect(backups).toEqual([expect.stringMatching(new RegExp(`^clanops-before-${APP_VERSION}-[0-9T-]+Z\\.sqlite$`))]);
    const copy = new SQLite(path.join(dataDir, 'backups', backups[0]!), { readonly: true });
    const names = copy.prepare('select name from kysely_migration order by name').all() as { name: string }[];
    copy.close();
    expect(names.map((n) => n.name).at(-1)).toBe('008-member-trophies');
  });

  it('takes no backup of a new database', async () => {
    const server = await startBuiltServer({ source: true, env: { DEMO_HISTORY: '0' } });
    cleanups.push(() => server.stop());
    expect(fs.existsSync(path.join(server.dataDir, 'backups'))).toBe(false);
  });
});
