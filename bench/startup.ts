// Cold start to healthy (budget < 2 s) and idle memory in live mode (budget < 100 MB), docs/architecture.md §9.
// The built server as deployed (production, default log level). Cold start: demo mode; the first start on an empty
// data folder also fills the demo's history (docs/decisions/019-demo-history.md) and is printed for information, the
// budget is for a restart on the folder it filled. Idle memory: live mode against the simulator in a process of its
// own (CR_API_TOKEN and CR_API_BASE_URL pointing at it, so the server holds no simulator), restarted on the folder
// its first start created; once it serves, every public page and endpoint is visited once (the first polls of the
// Clash Royale API: the clan, its rankings, the leader and every member's profile), then RSS is read after 3 s idle.
// Exits non-zero when a budget is missed. Run after npm run build: npx tsx bench/startup.ts
import fs from 'node:fs';
import { startBuiltServer, startSimulatorProcess } from '../tools/server-process.js';

const START_BUDGET_MS = 2000;
const RSS_BUDGET_MB = 100;
const PUBLIC_PATHS = [
  '/',
  '/api/clan',
  '/api/clan/rankings',
  '/api/leader',
  '/api/clan/members',
  '/api/clan/highest-war-week',
  '/api/clan/highest-war-day',
  '/api/clan/war/best-fame',
  '/api/clan/monthly-champions',
  '/api/clan/war/last-war',
  '/api/clan/war/rules',
  '/api/current-ip',
];
const env = { NODE_ENV: 'production', LOG_LEVEL: undefined, ADMIN_PASSWORD: 'bench-Password-123' };
const health = { healthPollMs: 10, healthTimeoutMs: 120_000 };
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

const first = await startBuiltServer({ env, tempPrefix: 'clanops-bench-start-', ...health });
await first.stop({ keepData: true });
const second = await startBuiltServer({ env, dataDir: first.dataDir, ...health });
await new Promise((r) => setTimeout(r, 3000));
const demoRss = rssMb(second.child.pid!);
await second.stop();

const simulator = await startSimulatorProcess();
const liveEnv = { ...env, CR_API_TOKEN: 'bench-live-token', CR_API_BASE_URL: simulator.url };
const liveFirst = await startBuiltServer({ env: liveEnv, tempPrefix: 'clanops-bench-live-', ...health });
await liveFirst.stop({ keepData: true });
const live = await startBuiltServer({ env: liveEnv, dataDir: liveFirst.dataDir, ...health });
for (const path of PUBLIC_PATHS) {
  const res = await fetch(`${live.url}${path}`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`live mode: ${path} answered ${res.status}`);
}
await new Promise((r) => setTimeout(r, 3000));
const liveRss = rssMb(live.child.pid!);
const demoInLive = /demo mode/.test(live.logs());
await live.stop();
await simulator.stop();

let ok = true;
const line = (text: string, pass: boolean) => {
  ok &&= pass;
  console.log(`${text} ${pass ? 'OK' : 'OVER'}`);
};
console.log(`first start on an empty data folder (fills the demo history): ${first.startMs.toFixed(0)} ms (no budget)`);
line(
  `cold start to healthy, second start on that folder: ${second.startMs.toFixed(0)} ms (budget < ${START_BUDGET_MS} ms)`,
  second.startMs < START_BUDGET_MS,
);
console.log(`demo mode, RSS 3 s after that start: ${demoRss.toFixed(1)} MB (no budget)`);
line(
  `idle memory in live mode against the simulator, after one visit of every public path: ${liveRss.toFixed(1)} MB RSS (budget < ${RSS_BUDGET_MB} MB)`,
  liveRss < RSS_BUDGET_MB,
);
line(`live mode started without the demo simulator: ${demoInLive ? 'no' : 'yes'}`, !demoInLive);
if (!ok) process.exitCode = 1;
