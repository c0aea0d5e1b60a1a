import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { openDatabase } from '../db/database.js';

/**
 * `npm run script -- <script-id>`: runs one clan script once from the shell (debugging, or a
 * system cron instead of the built-in scheduler). The run is recorded in the history like a
 * manual one and refused while another run of that script is in progress.
 */
async function main(): Promise<number> {
  const id = process.argv[2];
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const db = openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: path.resolve(config.DATA_DIR, 'clanops.sqlite'),
  });
  const app = await buildApp({ config, db, logger: { level: config.LOG_LEVEL }, scripts: { autoStart: false } });
  try {
    const def = id ? app.services.scripts.find(id) : undefined;
    if (!def) {
      const ids = app.services.scripts.definitions.map((d) => d.id).join(', ');
      process.stderr.write(`Usage: npm run script -- <script-id>   (one of: ${ids})\n`);
      return 2;
    }
    const report = await app.services.scripts.runNow(def, 'cli');
    process.stdout.write(`${def.name}: ${report.status} — ${report.message}\n`);
    for (const line of report.details.outputs) process.stdout.write(`  ${line}\n`);
    for (const line of report.details.errors) process.stdout.write(`  error: ${line}\n`);
    if (report.result) process.stdout.write(`${JSON.stringify({ result: report.result })}\n`);
    return report.status === 'completed' ? 0 : 1;
  } finally {
    await app.close();
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`Script run failed: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}\n`);
    process.exit(1);
  },
);
