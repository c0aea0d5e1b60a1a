// Public cache figures of docs/architecture.md §9: cold-cache stampede and members refresh at 100 ms upstream
// latency, counted on the simulator with the app in this process (throughput is bench/public-api.ts, as deployed).
// Exits non-zero when a budget is missed. Run: npx tsx bench/public-cache.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.js';
import { fromSimulator } from '../server/src/clients/clash-royale/access.js';
import { loadConfig } from '../server/src/config/env.js';
import { openDatabase } from '../server/src/db/database.js';
import { ManualClock } from '../server/src/lib/clock.js';
import { startSimulator } from '../server/src/simulator/index.js';

const clock = new ManualClock(new Date());
let failed = false;

async function appOverSimulator(latencyMs: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-bench-'));
  const sim = await startSimulator({ clock, latencyMs });
  const db = openDatabase({ sqliteFile: path.join(dataDir, 'bench.sqlite') });
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const app = await buildApp({
    config,
    db,
    clock,
    logger: false,
    clashRoyale: fromSimulator(sim),
    scripts: { autoStart: false },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    sim,
    address,
    close: async () => {
      await app.close();
      await sim.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function stampede(): Promise<void> {
  const target = await appOverSimulator(20);
  const members = target.sim.state.membersAt(clock.now()).length;
  const answers = await Promise.all(
    Array.from({ length: 200 }, () => fetch(`${target.address}/api/clan/members`).then((r) => r.status)),
  );
  const clanCalls = target.sim.requests('clan');
  const playerCalls = target.sim.requests('player');
  const ok = clanCalls === 1 && playerCalls <= members && answers.every((s) => s === 200);
  if (!ok) failed = true;
  console.log(
    `cold stampede, 200 concurrent /api/clan/members: ${clanCalls} clan call(s), ${playerCalls} ` +
      `player calls for ${members} members (budget: 1 clan call, <= 1 per member) ${ok ? 'OK' : 'OVER'}`,
  );
  await target.close();
}

async function refresh(): Promise<void> {
  const target = await appOverSimulator(100);
  const members = target.sim.state.membersAt(clock.now()).length;
  const started = performance.now();
  const res = await fetch(`${target.address}/api/clan/members`);
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`members refresh answered ${res.status}`);
  if (ms >= 1500) failed = true;
  console.log(
    `members refresh, ${members} players at 100 ms upstream latency: ${ms.toFixed(0)} ms (budget < 1500 ms) ${ms < 1500 ? 'OK' : 'OVER'}`,
  );
  await target.close();
}

await stampede();
await refresh();
if (failed) process.exitCode = 1;
