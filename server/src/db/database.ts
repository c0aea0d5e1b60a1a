import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import { ensureDataDir, ensurePrivateFile } from '../lib/data-dir.js';
import { DatabaseStatus } from './database-status.js';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** whether the database answers (PostgreSQL may restart under a running server) */
  status: DatabaseStatus;
  close(): Promise<void>;
}

/**
 * The PostgreSQL driver, loaded only when DATABASE_URL is set: a SQLite install never loads it (docs/decisions/
 * 073-live-memory.md). PostgreSQL returns COUNT/BIGINT as strings; every integer we store fits in a JS number.
 */
function postgresDriver(): typeof import('pg') {
  const pg = createRequire(import.meta.url)('pg') as typeof import('pg');
  pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  return pg;
}

export interface DbOptions {
  databaseUrl?: string;
  /** SQLite file path, or ':memory:' */
  sqliteFile?: string;
}

export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new (postgresDriver().Pool)({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
    });
    const status = new DatabaseStatus();
    // PostgreSQL stopping or restarting ends every connection with an 'error' event (57P01): on an idle client the
    // pool re-emits it, on a checked-out one the client does. Unheard, either would end the process; heard, the
    // connection is dropped, the next query opens a new one, and the outage is recorded for /healthz.
    const heard = (err: Error) => void status.failed(err);
    pool.on('error', heard);
    pool.on('connect', (client) => client.on('error', heard));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, engine: 'postgres', status, close: () => kysely.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') {
    // SEC-JWT-03: the folder 0700, the database 0600 (SQLite gives its -wal/-shm files the same mode).
    ensureDataDir(path.dirname(file));
    ensurePrivateFile(file);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Deleted and replaced row bytes are overwritten with zeros, so a secret sealed or deleted does not linger in freed
  // space (modules/auth/freed-pages.repository.ts, docs/security.md §9).
  sqlite.pragma('secure_delete = ON');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { kysely, engine: 'sqlite', status: new DatabaseStatus(), close: () => kysely.destroy() };
}

const STATEMENT_CACHE_SIZE = 200;

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, and preparing is a
 * good share of a small query's cost. The cache keeps the most recently used statements by text.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      // IMMEDIATE: a transaction takes the write lock at its start, so two processes on one file
      // (the server and `npm run script`) wait for each other instead of deadlocking.
      const text = sql === 'begin' ? 'begin immediate' : sql;
      let statement = cache.get(text);
      if (statement) {
        cache.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

/** A cheap round trip for /healthz and the start's wait; the outcome is recorded in `db.status`. */
export async function pingDatabase(db: Db): Promise<void> {
  try {
    await sql`select 1`.execute(db.kysely);
  } catch (err) {
    db.status.failed(err);
    throw err;
  }
  db.status.answered();
}
