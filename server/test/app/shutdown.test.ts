import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { solve } from '../helpers/auth.js';
import { processClockAt } from '../helpers/process-clock.js';
import { startBuiltServer } from '#tools/server-process';

const ADMIN_PASSWORD = 'Lantern-Crown-Seven-42';

async function login(url: string): Promise<string> {
  const captcha = (await (await fetch(`${url}/api/admin/captcha`)).json()) as { id: string; question: string };
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'admin',
      password: ADMIN_PASSWORD,
      captchaId: captcha.id,
      captchaAnswer: solve(captcha.question),
    }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * What `docker stop`, systemd and a PaaS do: SIGTERM to the process while a script is running
 * (docs/deploy.md, "Graceful shutdown"). The demo simulator runs in the test so it can answer
 * slowly, as a slow Clash Royale API would, and hold the run in progress. Server and simulator run on a
 * Tuesday (a training day) of the simulated calendar, and the test reads back only the run it started.
 */
const TRAINING_DAY = '2026-11-24T12:20:00.000Z';

describe('SIGTERM during a script run', () => {
  let sim: Simulator | null = null;
  let dataDir = '';
  afterEach(async () => {
    await sim?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // A real process through tsx: allow for a slow start on a busy CI machine.
  it(
    'marks the run interrupted, releases its lease, closes the database and exits 0',
    { timeout: 90_000 },
    async () => {
      const at = processClockAt(TRAINING_DAY);
      sim = await startSimulator({ clock: at.clock });
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-shutdown-'));
      const server = await startBuiltServer({
        source: true,
        dataDir,
        env: {
          NODE_ENV: 'production',
          LOG_LEVEL: 'info',
          ADMIN_PASSWORD,
          CR_API_TOKEN: 'test-token',
          CR_API_BASE_URL: sim.url,
          ...at.env,
        },
      });
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      try {
        const token = await login(server.url);
        sim.setFault('riverracelog', { kind: 'latency', ms: 60_000 });
        const before = sim.requests('riverracelog');
        const answer = fetch(`${server.url}/api/admin/river-race/run`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        }).then(
          (r) => r.status,
          () => 'no answer' as const,
        );
        await until(() => sim!.requests('riverracelog') > before, 'the run to call the Clash Royale API');

        server.child.kill('SIGTERM');
        expect(await exited).toBe(0);
        // The admin who started the run gets an answer rather than a dropped connection.
        expect(await answer).toBe(500);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      }

      const file = path.join(dataDir, 'clanops.sqlite');
      // Closed cleanly: the last connection checkpointed the WAL into the file and removed it.
      expect(fs.existsSync(`${file}-wal`)).toBe(false);
      const db = new SQLite(file, { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const runs = db
          .prepare("SELECT script_id, status, message FROM script_runs WHERE trigger = 'manual'")
          .all() as {
          script_id: string;
          status: string;
          message: string;
        }[];
        expect(runs).toHaveLength(1);
        expect(runs[0]).toMatchObject({ script_id: 'river-race-log', status: 'failed' });
        expect(runs[0]!.message).toMatch(/^Interrupted: the server shut down during this run/);
        // whatever else the scheduler ran, nothing is left looking as if it were still running
        expect(db.prepare("SELECT COUNT(*) AS n FROM script_runs WHERE status = 'running'").get()).toEqual({ n: 0 });
        expect(db.prepare('SELECT COUNT(*) AS n FROM script_locks').get()).toEqual({ n: 0 });
      } finally {
        db.close();
      }
    },
  );
});
