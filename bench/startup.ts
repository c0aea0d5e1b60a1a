// Cold start to healthy (budget < 2 s) and idle memory (budget < 150 MB), docs/architecture.md §9.
// The built server as deployed (production, default log level, demo mode). The first start on an empty data folder
// also fills the demo's history (docs/decisions/019-demo-history.md) and is printed for information; the budget is
// for a restart, the second start on the folder the first one filled. Run after npm run build: npx tsx bench/startup.ts
import fs from 'node:fs';
import { startBuiltServer } from '../tools/server-process.js';

const START_BUDGET_MS = 2000;
const RSS_BUDGET_MB = 150;
const env = { NODE_ENV: 'production', LOG_LEVEL: undefined, ADMIN_PASSWORD: 'bench-Password-123' };
const health = { healthPollMs: 10, healthTimeoutMs: 120_000 };

const first = await startBuiltServer({ env, tempPrefix: 'clanops-bench-start-', ...health });
await first.stop({ keepData: true });
const second = await startBuiltServer({ env, dataDir: first.dataDir, ...health });
await new Promise((r) => setTimeout(r, 3000));
const status = fs.readFileSync(`/proc/${second.child.pid}/status`, 'utf8');
const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
await second.stop();

const ok = (good: boolean) => (good ? 'OK' : 'OVER');
console.log(`first start on an empty data folder (fills the demo history): ${first.startMs.toFixed(0)} ms (no budget)`);
console.log(
  `cold start to healthy, second start on that folder: ${second.startMs.toFixed(0)} ms (budget < ${START_BUDGET_MS} ms) ${ok(second.startMs < START_BUDGET_MS)}`,
);
console.log(
  `idle memory (RSS 3 s after the second start): ${rssMb.toFixed(1)} MB (budget < ${RSS_BUDGET_MB} MB) ${ok(rssMb < RSS_BUDGET_MB)}`,
);
