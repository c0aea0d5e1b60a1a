/**
 * Cached public API throughput as deployed (docs/architecture.md §9): the built server in its own process at its
 * default settings (production, default LOG_LEVEL, demo mode on a fresh data folder, demo history on), against two
 * bare Fastify processes (bench/_bare-server.mjs) answering the very bytes the server answered: one with only a
 * JSON content type, one with exactly the response headers the server sent. autocannon runs in a process of its
 * own; every target gets the same connections, duration and body. One warm-up round per target is discarded, then
 * rounds are interleaved (order rotated each round): requests/s are the median per target, a ratio is the median
 * over the rounds of that round's ratio (the machine is shared; targets measured seconds apart see the same load).
 * Fails when clanops is below RATIO_BUDGET of bare+headers on any endpoint. Run after `npm run build`: npx tsx bench/public-api.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadRps } from '../tools/autocannon-process.js';
import { freePort, killOnExit, startBuiltServer } from '../tools/server-process.js';

const ENDPOINTS = ['/api/clan', '/api/clan/members'] as const;
const CONNECTIONS = 50;
const DURATION_S = 4;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const RATIO_BUDGET = 0.85;
/** Headers that belong to the connection or the moment, not to the answer. */
const NOT_COPIED = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

type Target = 'clanops' | 'bare' | 'bare+headers';
const TARGETS: Target[] = ['clanops', 'bare', 'bare+headers'];

interface Captured {
  body: Buffer;
  headers: Record<string, string>;
}

async function capture(url: string): Promise<Captured> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!NOT_COPIED.has(name)) headers[name] = value;
  });
  return { body: Buffer.from(await res.arrayBuffer()), headers };
}

async function startBare(dir: string, name: string, captured: Map<string, Captured>, withHeaders: boolean) {
  const port = await freePort();
  const routes = ENDPOINTS.map((endpoint, i) => {
    const bodyFile = path.join(dir, `body-${i}.json`);
    fs.writeFileSync(bodyFile, captured.get(endpoint)!.body);
    return { path: endpoint, bodyFile, headers: withHeaders ? captured.get(endpoint)!.headers : null };
  });
  const configFile = path.join(dir, `${name}.json`);
  fs.writeFileSync(configFile, JSON.stringify({ port, routes }));
  const child = spawn(process.execPath, ['bench/_bare-server.mjs', configFile], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  killOnExit(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}${ENDPOINTS[0]}`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 200 || child.exitCode !== null) throw new Error(`${name} did not start`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const rps = (url: string) => loadRps(url, { connections: CONNECTIONS, durationS: DURATION_S });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

// Interrupted (Ctrl-C, a timeout): exit, which kills the servers started here (tools/server-process.ts).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-bench-api-'));
const server = await startBuiltServer({
  tempPrefix: 'clanops-bench-api-data-',
  env: { NODE_ENV: 'production', LOG_LEVEL: undefined, DEMO_HISTORY: undefined, DEMO_RESET: undefined },
  healthTimeoutMs: 120_000,
  maxLogChars: 1_000_000,
});
const captured = new Map<string, Captured>();
for (const endpoint of ENDPOINTS) captured.set(endpoint, await capture(`${server.url}${endpoint}`));
const bare = await startBare(dir, 'bare', captured, false);
const bareHeaders = await startBare(dir, 'bare-headers', captured, true);
const urls: Record<Target, string> = { clanops: server.url, bare: bare.url, 'bare+headers': bareHeaders.url };

// All three answer the same bytes, and bare+headers the same headers, before anything is timed.
for (const endpoint of ENDPOINTS) {
  const want = captured.get(endpoint)!;
  for (const target of TARGETS) {
    const got = await capture(`${urls[target]}${endpoint}`);
    if (!got.body.equals(want.body)) throw new Error(`${target} ${endpoint}: the body differs from the server's`);
    if (target !== 'bare' && JSON.stringify(got.headers) !== JSON.stringify(want.headers))
      throw new Error(`${target} ${endpoint}: headers differ: ${JSON.stringify(got.headers)}`);
  }
}

const samples = new Map<string, number[]>();
const key = (target: Target, endpoint: string) => `${target} ${endpoint}`;
for (const endpoint of ENDPOINTS) for (const target of TARGETS) await rps(`${urls[target]}${endpoint}`); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  for (const endpoint of ENDPOINTS) {
    for (let i = 0; i < TARGETS.length; i++) {
      const target = TARGETS[(i + round) % TARGETS.length]!;
      const value = await rps(`${urls[target]}${endpoint}`);
      samples.set(key(target, endpoint), [...(samples.get(key(target, endpoint)) ?? []), value]);
    }
  }
}
await bare.stop();
await bareHeaders.stop();
await server.stop();
fs.rmSync(dir, { recursive: true, force: true });

console.log(
  `cached public API: requests/s, median of ${ROUNDS} interleaved rounds (${CONNECTIONS} connections × ${DURATION_S} s, autocannon in its own process); ratios: median over the rounds of each round's ratio`,
);
/** The ratio of two targets in each round (measured seconds apart), then the median over the rounds. */
const pairedRatio = (endpoint: string, a: Target, b: Target) => {
  const over = samples.get(key(b, endpoint))!;
  return median(samples.get(key(a, endpoint))!.map((v, round) => v / over[round]!));
};
const rows = ENDPOINTS.map((endpoint) => {
  const [app, plain, withHeaders] = TARGETS.map((t) => median(samples.get(key(t, endpoint))!));
  return {
    endpoint,
    bytes: captured.get(endpoint)!.body.length,
    clanops: Math.round(app!),
    bare: Math.round(plain!),
    'bare+headers': Math.round(withHeaders!),
    'clanops/bare': Number(pairedRatio(endpoint, 'clanops', 'bare').toFixed(2)),
    'clanops/bare+headers': Number(pairedRatio(endpoint, 'clanops', 'bare+headers').toFixed(2)),
  };
});
console.table(rows);
// Every round as measured, in the order run, so a noisy machine shows in the spread.
for (const endpoint of ENDPOINTS)
  for (const target of TARGETS)
    console.log(
      `  ${endpoint} ${target}: ${samples
        .get(key(target, endpoint))!
        .map((v) => Math.round(v))
        .join(' ')}`,
    );
let failed = false;
for (const row of rows) {
  const ok = row['clanops/bare+headers'] >= RATIO_BUDGET;
  if (!ok) failed = true;
  console.log(
    `${row.endpoint}: clanops / bare+headers = ${row['clanops/bare+headers'].toFixed(2)} (budget >= ${RATIO_BUDGET}) ${ok ? 'OK' : 'OVER'}`,
  );
}
if (failed) process.exitCode = 1;
