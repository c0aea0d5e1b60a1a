import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Db, type Engine } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { DEFAULT_SIM_CLAN_TAG } from '../../src/simulator/simulator.js';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb extends Db {
  /** postgres:// URL of this test's own database, or undefined for SQLite */
  url?: string;
  /** SQLite file path, or undefined for PostgreSQL */
  file?: string;
  /** close the handle and delete the database */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of its own: a real SQLite file in a temp folder, or a new
 * PostgreSQL database created on TEST_DATABASE_URL and dropped afterwards.
 */
export async function createTestDb(engine: Engine, options: { migrate?: boolean } = {}): Promise<TestDb> {
  const migrate = options.migrate ?? true;
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-test-'));
    const file = path.join(dir, 'test.sqlite');
    const db = openDatabase({ sqliteFile: file });
    if (migrate) await migrateToLatest(db.kysely, { mainClanTag: DEFAULT_SIM_CLAN_TAG });
    return {
      ...db,
      file,
      drop: async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `clanops_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openDatabase({ databaseUrl: url.toString() });
  if (migrate) await migrateToLatest(db.kysely, { mainClanTag: DEFAULT_SIM_CLAN_TAG });
  return {
    ...db,
    url: url.toString(),
    drop: async () => {
      await db.close();
      // Without FORCE first: killing a connection that the pool is still closing would surface
      // as an uncaught "terminating connection" error in the test process.
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name}`);
            break;
          } catch (err) {
            if (attempt >= 50) {
              await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
              break;
            }
            if ((err as { code?: string }).code !== '55006') throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}
