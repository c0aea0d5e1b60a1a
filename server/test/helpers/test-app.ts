import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config/env.js';
import type { Engine } from '../../src/db/database.js';
import { ManualClock, type Clock } from '../../src/lib/clock.js';
import { createTestDb, type TestDb } from './test-db.js';

export interface TestApp {
  app: FastifyInstance;
  db: TestDb;
  config: Config;
  clock: Clock;
  close(): Promise<void>;
}

export interface TestAppOptions {
  engine?: Engine;
  env?: Record<string, string>;
  clock?: Clock;
  /** extra deps passed to buildApp (outbound clients, webDir...) */
  deps?: Partial<AppDeps>;
  /** runs on the empty, unmigrated database before the app starts (an older install's schema and rows) */
  prepareDb?: (db: TestDb) => Promise<void>;
}

/** buildApp over a fresh database of its own, with logging off and an injected clock. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = await createTestDb(options.engine ?? 'sqlite', { migrate: false });
  await options.prepareDb?.(db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-data-'));
  // One simulated clan unless a test asks for the demo family (DEMO_FAMILY: '1').
  const env = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_FAMILY: '0', ...options.env };
  const config = loadConfig(env);
  const clock = options.clock ?? new ManualClock('2026-11-22T12:00:00.000Z');
  const app = await buildApp({ config, db, clock, logger: false, ...options.deps });
  await app.ready();
  const testApp: TestApp = {
    app,
    db,
    config,
    clock,
    close: async () => {
      // the app may have been replaced by a restart: close the current one
      await testApp.app.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}
