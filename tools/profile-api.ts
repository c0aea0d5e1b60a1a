// Where the built server spends its CPU on a cached public answer: starts dist/server/server.js as deployed
// (production, default log level, demo mode) with --cpu-prof, loads one endpoint with autocannon in its own
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
const server = await startBuiltServer({
  tempPrefix: 'clanops-profile-data-',
  env: { NODE_ENV: 'production', LOG_LEVEL: undefined },
  nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profileDir],
  healthTimeoutMs: 120_000,
});
await loadRps(`${server.url}${endpoint}`, { connections: 50, durationS: 2 }); // warm-up
const rps = await loadRps(`${server.url}${endpoint}`, { connections: 50, durationS });
await server.stop();

const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no .cpuprofile written in ${profileDir}`);
const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
fs.rmSync(profileDir, { recursive: true, force: true });

const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
const selfUs = new Map<string, number>();
let totalUs = 0;
profile.samples.forEach((id, i) => {
  const frame = frames.get(id)!;
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
