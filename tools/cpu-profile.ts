// Reading a V8 .cpuprofile (node --cpu-prof) for the API benchmarks: only the samples taken while the load ran
// count, grouped by whose code was running, so a server's CPU per request can be split and compared with bare
// Fastify's (tools/profile-api.ts, bench/public-api.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load } from './autocannon-process.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A moment on the clock V8 stamps its samples with (monotonic, µs), for `summarize`'s window. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** The one .cpuprofile a process wrote into `dir` (node --cpu-prof --cpu-prof-dir dir, written at exit). */
export function readProfile(dir: string): CpuProfile {
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile written in ${dir}`);
  return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
}

/** Whose code a frame is: ours (the bundle), a package, Node itself, or V8's own entries ((gc), (program)…). */
export function group(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? `V8 ${functionName}` : `native ${functionName}`;
  if (url.startsWith('node:'))
    return /node:(_http|http|net|stream|internal\/(http|streams|stream_base))/.test(url)
      ? 'node http and streams'
      : 'node other';
  if (url.includes('dist/server/')) return 'clanops (dist/server)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (!pkg) return url;
  if (['pino', 'sonic-boom', 'thread-stream', 'pino-std-serializers', 'abstract-logging'].includes(pkg))
    return 'logging (pino)';
  if (pkg === 'fastify' || pkg === 'find-my-way' || pkg.startsWith('@fastify/')) return 'fastify';
  return pkg;
}

export interface Summary {
  /** sampled µs in the window that were not idle */
  busyUs: number;
  byGroup: Map<string, number>;
  byFunction: Map<string, number>;
}

/** Self time of the samples taken between `fromUs` and `toUs` (monotonicUs), idle time left out. */
export function summarize(profile: CpuProfile, fromUs = -Infinity, toUs = Infinity): Summary {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byGroup = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busyUs = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    const frame = frames.get(id)!;
    if (at < fromUs || at > toUs || frame.functionName === '(idle)') return;
    const where = frame.url
      ? `${path.relative(process.cwd(), frame.url.replace(/^file:\/\//, ''))}:${frame.lineNumber + 1}`
      : '';
    const name = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    const owner = group(frame.url, frame.functionName);
    byGroup.set(owner, (byGroup.get(owner) ?? 0) + us);
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    busyUs += us;
  });
  return { busyUs, byGroup, byFunction };
}

/** The largest entries of a map of µs, largest first. */
export const top = (map: Map<string, number>, n: number) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);

export interface Profiled {
  summary: Summary;
  /** requests answered while profiled */
  requests: number;
  rps: number;
}

/**
 * Starts a process with `--cpu-prof` (through `start`, which adds the flags to its node arguments), loads `path`
 * for a warm-up, then for `durationS` while the clock is noted, stops the process (the profile is written at exit)
 * and summarises only the samples of the timed load.
 */
export async function profileUnderLoad(
  start: (nodeArgs: string[]) => Promise<{ url: string; stop: () => Promise<void> }>,
  urlPath: string,
  { connections = 50, durationS = 5, warmupS = 2 }: { connections?: number; durationS?: number; warmupS?: number } = {},
): Promise<Profiled> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-profile-'));
  try {
    const server = await start(['--cpu-prof', '--cpu-prof-dir', dir]);
    await load(`${server.url}${urlPath}`, { connections, durationS: warmupS });
    const from = monotonicUs();
    const result = await load(`${server.url}${urlPath}`, { connections, durationS });
    const to = monotonicUs();
    await server.stop();
    return { summary: summarize(readProfile(dir), from, to), requests: result.total, rps: result.rps };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const perRequest = (us: number, p: Profiled) => Number((us / p.requests).toFixed(2));

/**
 * "Where the time goes" on one endpoint: CPU µs per request by owner of the code, the server beside bare Fastify
 * sending the same bytes and headers, and the server's functions with the most self time.
 */
export function printWhereTheTimeGoes(endpoint: string, server: Profiled, bare: Profiled, functions = 12): void {
  const groups = new Set([...server.summary.byGroup.keys(), ...bare.summary.byGroup.keys()]);
  const rows = [...groups]
    .map((g) => {
      const ours = perRequest(server.summary.byGroup.get(g) ?? 0, server);
      const theirs = perRequest(bare.summary.byGroup.get(g) ?? 0, bare);
      return {
        code: g,
        'clanops µs/req': ours,
        'bare+headers µs/req': theirs,
        difference: Number((ours - theirs).toFixed(2)),
      };
    })
    .sort((a, b) => b['clanops µs/req'] - a['clanops µs/req'])
    .filter((r) => r['clanops µs/req'] >= 0.05 || r['bare+headers µs/req'] >= 0.05);
  rows.push({
    code: 'total (busy CPU per request)',
    'clanops µs/req': perRequest(server.summary.busyUs, server),
    'bare+headers µs/req': perRequest(bare.summary.busyUs, bare),
    difference: Number((perRequest(server.summary.busyUs, server) - perRequest(bare.summary.busyUs, bare)).toFixed(2)),
  });
  console.log(
    `${endpoint}: where the time goes (CPU profile of the load only: clanops ${server.requests} requests ` +
      `at ${Math.round(server.rps)}/s, bare+headers ${bare.requests} at ${Math.round(bare.rps)}/s)`,
  );
  console.table(rows);
  console.table(
    top(server.summary.byFunction, functions).map(([fn, us]) => ({
      'clanops µs/req': perRequest(us, server),
      '%': Number(((us / server.summary.busyUs) * 100).toFixed(1)),
      function: fn,
    })),
  );
}
