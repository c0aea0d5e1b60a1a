// Where the built server spends its CPU on a cached public answer, beside bare Fastify sending the same bytes with
// the same headers: the server as deployed (production, default log level, demo mode; restarted on a filled data
// folder) and the bare process each run with --cpu-prof under the same autocannon load (its own process); only the
// samples of the timed load count. Prints CPU µs per request by owner of the code and the server's top functions.
// Run after npm run build: npx tsx tools/profile-api.ts [/api/clan] [seconds]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { capture, startBareServer } from './bare-fastify.js';
import { printWhereTheTimeGoes, profileUnderLoad } from './cpu-profile.js';
import { startBuiltServer } from './server-process.js';

const endpoint = process.argv[2] ?? '/api/clan';
const durationS = Number(process.argv[3] ?? 10);

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

const env = { NODE_ENV: 'production', LOG_LEVEL: undefined };
// The first start fills the demo history; the profiled process is the second start on that folder.
const filling = await startBuiltServer({ env, tempPrefix: 'clanops-profile-data-', healthTimeoutMs: 120_000 });
const captured = new Map([[endpoint, await capture(`${filling.url}${endpoint}`)]]);
await filling.stop({ keepData: true });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-profile-bare-'));
try {
  const server = await profileUnderLoad(
    (nodeArgs) =>
      startBuiltServer({ env, dataDir: filling.dataDir, nodeArgs, healthTimeoutMs: 120_000, maxLogChars: 1_000_000 }),
    endpoint,
    { durationS },
  );
  const bare = await profileUnderLoad(
    (nodeArgs) => startBareServer(dir, 'bare-headers', captured, { withHeaders: true, nodeArgs }),
    endpoint,
    { durationS },
  );
  printWhereTheTimeGoes(endpoint, server, bare, 15);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(filling.dataDir, { recursive: true, force: true });
}
