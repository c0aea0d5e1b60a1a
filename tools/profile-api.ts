// Where the built server spends its CPU on a cached public answer: starts dist/server/server.js as deployed
// (production, default log level, demo mode; restarted on a filled data folder) with --cpu-prof, loads one endpoint with autocannon in its own
// process, stops the server (the profile is written on exit) and prints the top self-time functions.
// Run after npm run build: npx tsx tools/profile-api.ts [/api/clan] [seconds]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadRps } from './autocannon-process.js';
import { startBuiltServer } from './server-process.js';

const endpoint = process.argv[2] ?? '/api/clan';
const durationS = Number(process.argv[3] ?? 10);
const TOP = 15;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-profile-'));
const env = { NODE_ENV: 'production', LOG_LEVEL: undefined };
// The first start fills the demo history; the profiled process is the second start on that folder, so the
// profile is mostly the load.
const filling = await startBuiltServer({ env, tempPrefix: 'clanops-profile-data-', healthTimeoutMs: 120_000 });
await filling.stop({ keepData: true });
const server = await startBuiltServer({
  env,
  dataDir: filling.dataDir,
  nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profileDir],
  healthTimeoutMs: 120_000,
  maxLogChars: 1_000_000,
});
await loadRps(`${server.url}${endpoint}`, { connections: 50, durationS: 2 }); // warm-up
const rps = await loadRps(`${server.url}${endpoint}`, { connections: 50, durationS });
await server.stop();

const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no .cpuprofile written in ${profileDir}`);
const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
fs.rmSync(profileDir, { recursive: true, force: true });

/** Whose code a frame is: ours (the bundle), a package, Node itself, or V8's own entries ((idle), (gc)…). */
function origin(url: string): string {
  if (!url) return '(v8)';
  if (url.startsWith('node:')) return 'node';
  if (url.includes('dist/server/')) return 'clanops (dist/server)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  return pkg ? pkg[1]! : url;
}

const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
const selfUs = new Map<string, number>();
const byOrigin = new Map<string, number>();
let totalUs = 0;
profile.samples.forEach((id, i) => {
  const frame = frames.get(id)!;
  byOrigin.set(origin(frame.url), (byOrigin.get(origin(frame.url)) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const where = frame.url
    ? `${path.relative(process.cwd(), frame.url.replace(/^file:\/\//, ''))}:${frame.lineNumber + 1}`
    : '';
  const name = `${frame.functionName || '(anonymous)'} ${where}`.trim();
  const us = profile.timeDeltas[i] ?? 0;
  selfUs.set(name, (selfUs.get(name) ?? 0) + us);
  totalUs += us;
});

console.log(
  `${endpoint}: ${rps.toFixed(0)} req/s over ${durationS} s; whole-run profile, ${(totalUs / 1e6).toFixed(1)} s sampled`,
);
console.table(
  [...selfUs.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([fn, us]) => ({
      'self ms': Math.round(us / 1000),
      '%': Number(((us / totalUs) * 100).toFixed(1)),
      function: fn,
    })),
);
console.table(
  [...byOrigin.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([code, us]) => ({ code, 'self ms': Math.round(us / 1000), '%': Number(((us / totalUs) * 100).toFixed(1)) })),
);
