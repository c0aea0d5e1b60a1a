// The one way tests and tooling start the server as its own process: the Playwright fixture
// (e2e/support/fixtures.ts), the benchmarks (bench/), the profiler (tools/profile-api.ts) and the process tests of
// server/test (from the sources, before any build).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The node flags every deploy path starts the built server with: package.json `start`, the Dockerfile's CMD,
 * deploy/clanops.service's ExecStart and the manual commands of README.md and docs/deploy.md
 * (tools/check-deploy.mjs checks they agree), so the benches and end-to-end tests measure what is deployed.
 * `--v8-pool-size=1`: one V8 worker thread instead of four, for both modes; an idle live server held 3–9 MB
 * less; its throughput cost was within the noise of a loaded machine (docs/decisions/076-idle-rss-budget.md). A
 * process cannot set it itself.
 */
export const DEPLOYED_NODE_FLAGS = ['--v8-pool-size=1'];

export interface BuiltServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** everything the server wrote to stdout/stderr so far */
  logs(): string;
  /** ms from spawn to the first 200 from /healthz */
  startMs: number;
  /** SIGTERM, wait for the exit; the data folder is removed unless keepData */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface StartOptions {
  /** added to (or, with undefined, removed from) this process's environment */
  env?: Record<string, string | undefined>;
  /** an existing data folder (a second start); a fresh temp folder otherwise */
  dataDir?: string;
  /** run server/src/server.ts through tsx instead of the build (Vitest runs before `npm run build`) */
  source?: boolean;
  /** node flags before the script, e.g. --cpu-prof */
  nodeArgs?: string[];
  /** prefix of the temp data folder */
  tempPrefix?: string;
  healthTimeoutMs?: number;
  healthPollMs?: number;
  /** keep only the first this many characters of output (a server under load at debug level writes a lot) */
  maxLogChars?: number;
  /** everything written so far, after each chunk, while the start waits for health (a test acting on a log line) */
  onOutput?: (output: string) => void;
}

/** Servers still running when this process exits (a failed or interrupted bench) are killed with it. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Registers a child process to be killed if this process exits first. */
export function killOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string,
  { timeoutMs = 60_000, pollMs = 100 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * dist/server/server.js, started as deployed (DEPLOYED_NODE_FLAGS), on a free loopback port, PUBLIC_URL on that port, SQLite in its data folder, demo mode
 * (no CR_API_TOKEN); everything else is the server's own default unless `env` says otherwise. Resolves once
 * /healthz answers 200.
 */
export async function startBuiltServer(options: StartOptions = {}): Promise<BuiltServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), options.tempPrefix ?? 'clanops-server-'));
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: '',
    CR_API_TOKEN: '',
    ...options.env,
  };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  let output = '';
  const started = performance.now();
  const entry = options.source
    ? ['--import', 'tsx', 'server/src/server.ts']
    : [...DEPLOYED_NODE_FLAGS, 'dist/server/server.js'];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  killOnExit(child);
  const maxLogChars = options.maxLogChars ?? Infinity;
  const collect = (d: Buffer) => {
    if (output.length < maxLogChars) output += d.toString().slice(0, maxLogChars - output.length);
    options.onOutput?.(output);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, () => output, {
      timeoutMs: options.healthTimeoutMs,
      pollMs: options.healthPollMs,
    });
  } catch (err) {
    if (child.exitCode === null) child.kill('SIGKILL');
    throw err;
  }
  const startMs = performance.now() - started;
  return {
    url,
    dataDir,
    child,
    startMs,
    logs: () => output,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SimulatorProcess {
  /** base URL including /v1, for CR_API_BASE_URL */
  url: string;
  stop(): Promise<void>;
}

/** tools/simulator-process.ts in a process of its own: the Clash Royale API a live-mode server is pointed at. */
export async function startSimulatorProcess(clanTag?: string): Promise<SimulatorProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tools/simulator-process.ts', ...(clanTag ? [clanTag] : [])],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  killOnExit(child);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code}) before it listened`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
