/**
 * Cached public API throughput as deployed (docs/architecture.md §9): the built server in its own process with the
 * deployed node flags at its default settings (production, default LOG_LEVEL), in live mode against the simulator in
 * a process of its own (CR_API_TOKEN and CR_API_BASE_URL pointing at it, as a real clan's server points at the
 * Clash Royale API: nothing is simulated inside the server), against two
 * bare Fastify processes (tools/bare-fastify.ts) answering the very bytes the server answered to a browser's
 * `accept-encoding` (compressed): one with only a JSON content type and the content encoding, one with exactly the
 * response headers the server sent. autocannon runs in a process of its own and sends a browser's
 * `accept-encoding`; every target gets the same connections, duration and body. One warm-up round per target is discarded, then
 * rounds are interleaved (order rotated each round): requests/s are the median per target, a ratio is the median
 * over the rounds of that round's ratio (the machine is shared; targets measured seconds apart see the same load).
 * Then prints where the time goes: CPU per request by owner of the code, clanops beside bare+headers, each profiled
 * under the same load (tools/cpu-profile.ts; BENCH_PROFILE_S=0 leaves it out).
 * A fourth target, "clanops (V8 defaults)", is the same server started with V8's default young generation and code
 * (`--semi-space-growth-factor=2 --no-optimize-for-size` on its command line, which win over server/src/heap-tuning.ts):
 * its ratio, printed without a budget, is what the live-mode memory tuning costs in requests/s
 * (docs/decisions/172-young-generation-under-load.md).
 * Fails when clanops is below RATIO_BUDGET of bare+headers on any endpoint. Run after `npm run build`: npx tsx bench/public-api.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadRps } from '../tools/autocannon-process.js';
import { capture, startBareServer, type Captured } from '../tools/bare-fastify.js';
import { printWhereTheTimeGoes, profileUnderLoad } from '../tools/cpu-profile.js';
import { startBuiltServer, startSimulatorProcess } from '../tools/server-process.js';

const ENDPOINTS = ['/api/clan', '/api/clan/members'] as const;
const CONNECTIONS = 50;
const DURATION_S = 4;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const RATIO_BUDGET = 0.9;
/** Seconds of load per profiled process in "where the time goes" (0 leaves that part out). */
const PROFILE_S = Number(process.env.BENCH_PROFILE_S ?? 5);

type Target = 'clanops' | 'clanops (V8 defaults)' | 'bare' | 'bare+headers';
const TARGETS: Target[] = ['clanops', 'clanops (V8 defaults)', 'bare', 'bare+headers'];
/** V8's defaults for what heap-tuning.ts sets in live mode; given on the command line, they win over it. */
const V8_DEFAULTS = ['--semi-space-growth-factor=2', '--no-optimize-for-size'];

const rps = (url: string) => loadRps(url, { connections: CONNECTIONS, durationS: DURATION_S });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

// Interrupted (Ctrl-C, a timeout): exit, which kills the servers started here (tools/server-process.ts).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-bench-api-'));
// Live mode, one clan: `/api/clan` and `/api/clan/members` are the main clan's whatever the family.
const simulator = await startSimulatorProcess();
const serverOptions = {
  env: {
    NODE_ENV: 'production',
    LOG_LEVEL: undefined,
    CR_API_TOKEN: 'bench-live-token',
    CR_API_BASE_URL: simulator.url,
  },
  healthTimeoutMs: 120_000,
  maxLogChars: 1_000_000,
};
const server = await startBuiltServer({ tempPrefix: 'clanops-bench-api-data-', ...serverOptions });
const serverV8 = await startBuiltServer({
  tempPrefix: 'clanops-bench-api-data-',
  ...serverOptions,
  nodeArgs: V8_DEFAULTS,
});
const captured = new Map<string, Captured>();
for (const endpoint of ENDPOINTS) captured.set(endpoint, await capture(`${server.url}${endpoint}`));
const bare = await startBareServer(dir, 'bare', captured, { withHeaders: false });
const bareHeaders = await startBareServer(dir, 'bare-headers', captured, { withHeaders: true });
const urls: Record<Target, string> = {
  clanops: server.url,
  'clanops (V8 defaults)': serverV8.url,
  bare: bare.url,
  'bare+headers': bareHeaders.url,
};

// All three answer the same bytes, and bare+headers the same headers, before anything is timed.
for (const endpoint of ENDPOINTS) {
  const want = captured.get(endpoint)!;
  for (const target of TARGETS) {
    const got = await capture(`${urls[target]}${endpoint}`);
    // The second server fetched the clan seconds later: its `asOf` differs, so its brotli bytes may by a few.
    const same =
      target === 'clanops (V8 defaults)'
        ? Math.abs(got.body.length - want.body.length) <= 8
        : got.body.equals(want.body);
    if (!same) throw new Error(`${target} ${endpoint}: the body differs from the server's`);
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
await server.stop({ keepData: true });
await serverV8.stop();

console.log(
  `cached public API: requests/s, median of ${ROUNDS} interleaved rounds (${CONNECTIONS} connections × ` +
    `${DURATION_S} s, autocannon in its own process); ratios: median over the rounds of each round's ratio`,
);
/** The ratio of two targets in each round (measured seconds apart), then the median over the rounds. */
const pairedRatio = (endpoint: string, a: Target, b: Target) => {
  const over = samples.get(key(b, endpoint))!;
  return median(samples.get(key(a, endpoint))!.map((v, round) => v / over[round]!));
};
const rows = ENDPOINTS.map((endpoint) => {
  const [app, appV8, plain, withHeaders] = TARGETS.map((t) => median(samples.get(key(t, endpoint))!));
  return {
    endpoint,
    bytes: captured.get(endpoint)!.body.length,
    encoding: captured.get(endpoint)!.headers['content-encoding'] ?? 'none',
    clanops: Math.round(app!),
    'V8 defaults': Math.round(appV8!),
    bare: Math.round(plain!),
    'bare+headers': Math.round(withHeaders!),
    'clanops/bare': Number(pairedRatio(endpoint, 'clanops', 'bare').toFixed(2)),
    'clanops/bare+headers': Number(pairedRatio(endpoint, 'clanops', 'bare+headers').toFixed(2)),
    'V8 defaults/bare+headers': Number(pairedRatio(endpoint, 'clanops (V8 defaults)', 'bare+headers').toFixed(2)),
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
    `${row.endpoint}: clanops / bare+headers = ${row['clanops/bare+headers'].toFixed(2)} (budget >= ${RATIO_BUDGET}) ${ok ? 'OK' : 'OVER'}; ` +
      `with V8's defaults ${row['V8 defaults/bare+headers'].toFixed(2)} (no budget: the live-mode memory tuning's cost)`,
  );
}

// Where the time goes: the server (restarted on the data folder it filled) and bare+headers, each profiled under the
// same load; only the samples of the timed load count.
if (PROFILE_S > 0) {
  for (const endpoint of ENDPOINTS) {
    const ours = await profileUnderLoad(
      (nodeArgs) => startBuiltServer({ ...serverOptions, dataDir: server.dataDir, nodeArgs }),
      endpoint,
      { connections: CONNECTIONS, durationS: PROFILE_S },
    );
    const theirs = await profileUnderLoad(
      (nodeArgs) => startBareServer(dir, 'bare-headers-profiled', captured, { withHeaders: true, nodeArgs }),
      endpoint,
      { connections: CONNECTIONS, durationS: PROFILE_S },
    );
    printWhereTheTimeGoes(endpoint, ours, theirs);
  }
}
fs.rmSync(dir, { recursive: true, force: true });
fs.rmSync(server.dataDir, { recursive: true, force: true });
await simulator.stop();
if (failed) process.exitCode = 1;
