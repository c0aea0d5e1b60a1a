// Public API figures of docs/architecture.md §9: cached throughput vs bare Fastify, cold-cache stampede,
// members refresh at 100 ms upstream latency. Run: npx tsx bench/public-api.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../server/src/app.js';
import { registerSecurityHeaders } from '../server/src/plugins/security-headers.js';
import { fromSimulator } from '../server/src/clients/clash-royale/access.js';
import { loadConfig } from '../server/src/config/env.js';
import { openDatabase } from '../server/src/db/database.js';
import { ManualClock } from '../server/src/lib/clock.js';
import { startSimulator } from '../server/src/simulator/index.js';

const CANNON = { connections: 50, pipelining: 1, duration: 4 };
const clock = new ManualClock(new Date());

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

async function rps(url: string): Promise<number> {
  const result = await autocannon({ url, ...CANNON });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function throughput(): Promise<void> {
  const target = await appOverSimulator(0);
  const warm = await fetch(`${target.address}/api/clan`);
  const body = await warm.json();
  const bare = Fastify({ logger: false });
  bare.get('/api/clan', async () => body);
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
  // The same bare server plus only the app's security headers, to show where the gap comes from.
  const headersOnly = Fastify({ logger: false });
  await registerSecurityHeaders(headersOnly, { PUBLIC_URL: 'http://127.0.0.1' });
  headersOnly.get('/api/clan', async () => body);
  const headersAddress = await headersOnly.listen({ port: 0, host: '127.0.0.1' });
  // Interleaved rounds, so a busy machine weighs on every side alike.
  let bareRps = 0;
  let appRps = 0;
  let headersRps = 0;
  for (let round = 0; round < 2; round++) {
    bareRps += (await rps(`${bareAddress}/api/clan`)) / 2;
    appRps += (await rps(`${target.address}/api/clan`)) / 2;
    headersRps += (await rps(`${headersAddress}/api/clan`)) / 2;
  }
  const ratio = appRps / bareRps;
  console.log(
    `cached /api/clan throughput: ${appRps.toFixed(0)} req/s vs bare Fastify ${bareRps.toFixed(0)} req/s = ${(ratio * 100).toFixed(0)}% (budget >= 70%) ${ratio >= 0.7 ? 'OK' : 'OVER'}`,
  );
  console.log(
    `  (bare Fastify + the app's security headers alone: ${headersRps.toFixed(0)} req/s = ${((headersRps / bareRps) * 100).toFixed(0)}% of bare)`,
  );
  await bare.close();
  await headersOnly.close();
  await target.close();
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
  console.log(
    `cold stampede, 200 concurrent /api/clan/members: ${clanCalls} clan call(s), ${playerCalls} player calls for ${members} members (budget: 1 clan call, <= 1 per member) ${ok ? 'OK' : 'OVER'}`,
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
  console.log(
    `members refresh, ${members} players at 100 ms upstream latency: ${ms.toFixed(0)} ms (budget < 1500 ms) ${ms < 1500 ? 'OK' : 'OVER'}`,
  );
  await target.close();
}

await throughput();
await stampede();
await refresh();
