import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openDatabase } from './db/database.js';
import { prepareDemo } from './scripts/lifecycle.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
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
  const app = await buildApp({ config, db });

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
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`ClanOps is serving ${config.PUBLIC_URL} (${db.engine}${config.demoMode ? ', demo mode' : ''})`);
}

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`ClanOps failed to start: ${message.split('\n')[0]}\n`);
  process.exit(1);
});
