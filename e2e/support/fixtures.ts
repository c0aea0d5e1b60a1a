import { test as base, expect } from '@playwright/test';
import { startBuiltServer } from '../../tools/server-process.js';

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

async function startServer(file: string, serverEnv: Record<string, string>): Promise<RunningServer> {
  const server = await startBuiltServer({
    tempPrefix: 'clanops-e2e-',
    // One simulated clan unless a spec asks for the demo family: test.use({ serverEnv: { DEMO_FAMILY: '1' } }).
    env: {
      NODE_ENV: 'production',
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
      DEMO_FAMILY: '0',
      ...serverEnv,
    },
  });
  return { file, url: server.url, dataDir: server.dataDir, logs: server.logs, stop: () => server.stop() };
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
