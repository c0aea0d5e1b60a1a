import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openDatabase, pingDatabase } from './db/database.js';
import { describeDatabaseError } from './db/database-errors.js';
import { waitForDatabase } from './db/wait-for-database.js';
import { automaticBackup } from './cli/backup.js';
import { shiftedClock, systemClock } from './lib/clock.js';
import { prepareDemo } from './scripts/lifecycle.js';
import { servingLine } from './config/serving-line.js';
import { APP_VERSION } from './version.js';

/**
 * Exit status of a start that cannot succeed (a bad setting, an unusable DATA_DIR or port):
 * EX_CONFIG, which deploy/clanops.service lists in RestartPreventExitStatus= so systemd shows
 * the one line instead of restarting into the same error.
 */
const START_FAILED = 78;
function failStart(err: unknown): never {
  const message = err instanceof Error ? err.message : String(err);
  const { syscall } = (err ?? {}) as { syscall?: unknown };
  // Fastify lists the network interfaces when HOST is 0.0.0.0; a sandbox without AF_NETLINK refuses it.
  const hint =
    syscall === 'uv_interface_addresses'
      ? ' (listing the network interfaces was refused: allow AF_NETLINK or set HOST to one address)'
      : '';
  process.stderr.write(`ClanOps failed to start: ${message.split('\n')[0]}${hint}\n`);
  // A database that is away (still starting, restarting, the network between) is worth a retry: exit 1, which
  // systemd and container restart policies start again; anything else is for the operator to fix.
  process.exit(describeDatabaseError(err).transient ? 1 : START_FAILED);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(START_FAILED);
    }
    throw err;
  }

  const sqliteFile = path.resolve(config.DATA_DIR, 'clanops.sqlite');
  let db;
  try {
    db = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile });
  } catch (err) {
    // Most often a container volume or host folder this user cannot write (docs/deploy.md, "Docker").
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`${reason}: ${sqliteFile} (DATA_DIR must be a folder uid ${process.getuid?.()} can write)`);
  }
  if (db.engine === 'postgres') {
    const say = (line: string) => process.stderr.write(`${line}\n`);
    await waitForDatabase(() => pingDatabase(db), {
      clock: systemClock,
      limitMs: config.DATABASE_WAIT_SECONDS * 1000,
      say,
    });
  }
  const app = await buildApp({
    config,
    db,
    clock: shiftedClock(config.CLOCK_OFFSET_MS),
    paintPages: true,
    // Before migrations change an existing database: the copy a rollback restores (docs/deploy.md, "Upgrades").
    beforeMigrations: async (pending, log) => {
      if (db.engine === 'sqlite') {
        const { file } = await automaticBackup(sqliteFile, config.DATA_DIR, APP_VERSION, systemClock.now());
        log.info({ pending, backup: file }, 'backed up the database before migrating it');
      } else {
        log.warn({ pending }, 'migrating PostgreSQL; ClanOps takes no automatic copy of it (pg_dump before upgrades)');
      }
    },
  });
  if (config.CLOCK_OFFSET_MS !== 0)
    app.log.info({ now: app.ctx.clock.now() }, 'CLOCK_OFFSET_MS moves the clock (tests only)');

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting without a clean close');
      process.exit(1);
    }, 10_000).unref();
    try {
      // Scripts first: a manual run keeps its HTTP request open, and Fastify waits for open
      // requests before its onClose hooks. Aborting records the run as interrupted and answers
      // that request; then HTTP and the database close (docs/deploy.md, "Graceful shutdown").
      await app.services.scripts.stop();
      await app.close();
      await db.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));

  // Demo mode: the first start fills the simulated clan's recent history before anyone can see
  // an empty demo (docs/decisions/019-demo-history.md).
  await prepareDemo(app);
  // An error thrown from inside listen's callbacks escapes the promise: until the server is up it
  // is a failed start too, not a crash.
  process.on('uncaughtException', failStart);
  await app.listen({ port: config.PORT, host: config.HOST });
  process.off('uncaughtException', failStart);
  app.log.info(servingLine(config, Boolean(process.env.PUBLIC_URL), db.engine));
}

main().catch(failStart);
