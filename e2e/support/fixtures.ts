import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';

export const E2E_ADMIN_PASSWORD = 'Lantern-Crown-Seven-42';

export interface AppServer {
  url: string;
  dataDir: string;
  /** everything the server wrote to stdout/stderr so far (reset links in log-mail mode, etc.) */
  logs(): string;
}

interface WorkerFixtures {
  serverEnv: Record<string, string>;
  serverPool: ServerPool;
}

interface TestFixtures {
  appServer: AppServer;
}

interface RunningServer extends AppServer {
  file: string;
  stop(): Promise<void>;
}

/** One server at a time per worker, replaced when the worker moves on to another spec file. */
interface ServerPool {
  current: RunningServer | null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

async function startServer(file: string, serverEnv: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-e2e-'));
  let output = '';
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      CR_API_TOKEN: '',
      ...serverEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => output);
  return {
    file,
    url,
    dataDir,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh built server (dist/server/server.js) per spec file: its own port and SQLite data
 * folder, demo mode, a known admin password. Tests of one file share it (serial specs build on
 * each other); another file never sees its state. Override env with test.use({ serverEnv }).
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverEnv: [{}, { option: true, scope: 'worker' }],
  serverPool: [
    async ({}, use) => {
      const pool: ServerPool = { current: null };
      await use(pool);
      await pool.current?.stop();
    },
    { scope: 'worker' },
  ],
  appServer: async ({ serverPool, serverEnv }, use, testInfo) => {
    if (serverPool.current?.file !== testInfo.file) {
      await serverPool.current?.stop();
      serverPool.current = await startServer(testInfo.file, serverEnv);
    }
    await use(serverPool.current);
  },
  baseURL: async ({ appServer }, use) => use(appServer.url),
  page: async ({ page }, use) => {
    // Every spec fails on a console error or an uncaught page error.
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await use(page);
    expect(errors.filter((e) => !EXPECTED_CONSOLE_ERRORS.some((re) => re.test(e)))).toEqual([]);
  },
});

/** Browser-logged failed loads that a spec provokes on purpose (e.g. a 404 page, a 401). */
const EXPECTED_CONSOLE_ERRORS = [
  /Failed to load resource: the server responded with a status of (404|401|409|400|429|502|503)/,
  /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/,
];

export { expect };
