import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort, startBuiltServer, type BuiltServer } from '#tools/server-process';
import { postgresBinDir, startThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwaway-postgres.js';

/** The real entry point from the sources against a PostgreSQL of the test's own, stopped and started under it. */
async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function health(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}/healthz`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The server as a process to its end: exit code and what it wrote. */
async function runToExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-exit-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      CR_API_TOKEN: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, stderr });
    }),
  );
}

const lines = (text: string) => text.split('\n').filter((l) => l && !/ExperimentalWarning|--trace-warnings/.test(l));

/** Needs PostgreSQL's server binaries; CI (TEST_DATABASE_URL set) always has them, so there it never skips. */
const noPostgres = !postgresBinDir() && !process.env.TEST_DATABASE_URL;

describe.skipIf(noPostgres)('ClanOps on a PostgreSQL that comes and goes (a real process)', () => {
  let pg: ThrowawayPostgres;
  let server: BuiltServer | null = null;
  beforeEach(async () => {
    pg = await startThrowawayPostgres();
  });
  afterEach(async () => {
    await server?.stop();
    server = null;
    await pg.destroy();
  });

  it('keeps running through a stop of PostgreSQL: 503 with the reason meanwhile, 200 after, one log line each way', async () => {
    server = await startBuiltServer({ source: true, env: { DATABASE_URL: pg.url, DEMO_HISTORY: '0' } });
    expect((await health(server.url)).status).toBe(200);
    await pg.stop();
    const down = await until(async () => {
      const h = await health(server!.url);
      return h.status === 503 ? h : undefined;
    }, '503');
    expect(down.body).toMatchObject({ status: 'error', code: 'DB_UNAVAILABLE' });
    expect((down.body.database as { reason: string }).reason).toMatch(/PostgreSQL/);
    await new Promise((r) => setTimeout(r, 3000));
    expect((await health(server.url)).status).toBe(503);
    await pg.start();
    await until(async () => ((await health(server!.url)).status === 200 ? true : undefined), '200 again');
    expect(server.child.exitCode).toBeNull();
    // the log reaches this process through a pipe, possibly after the answer did
    const log = await until(async () => (/reachable again/.test(server!.logs()) ? server!.logs() : undefined), 'log');
    expect(log).not.toMatch(/Unhandled 'error' event|BoundPool/);
    expect(log.match(/"msg":"database unreachable/g)).toHaveLength(1);
    expect(log.match(/"msg":"database reachable again"/g)).toHaveLength(1);
  });

  it('started before PostgreSQL, waits for it with backoff and then serves', async () => {
    await pg.stop();
    // PostgreSQL comes up once the server has said twice that it waits (however long a loaded machine takes to start it)
    let started: Promise<void> | null = null;
    const onOutput = (output: string) => {
      if (!started && (output.match(/ClanOps is waiting for the database/g) ?? []).length >= 2) started = pg.start();
    };
    const env = { DATABASE_URL: pg.url, DEMO_HISTORY: '0' };
    server = await startBuiltServer({ source: true, env, onOutput, healthTimeoutMs: 120_000 });
    await started;
    expect((await health(server.url)).status).toBe(200);
    const waits =
      server.logs().match(/^ClanOps is waiting for the database: PostgreSQL refuses connections.*$/gm) ?? [];
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits[0]).toMatch(/next try in 1 s/);
    expect(waits[1]).toMatch(/next try in 2 s/);
  });

  it('exits 1 (worth a restart) when PostgreSQL stays away past DATABASE_WAIT_SECONDS, 78 for a missing database', async () => {
    await pg.stop();
    const away = await runToExit({ DATABASE_URL: pg.url, DATABASE_WAIT_SECONDS: '2' });
    expect(away.code).toBe(1);
    expect(lines(away.stderr).at(-1)).toMatch(
      /^ClanOps failed to start: the database is still unreachable after \d s: PostgreSQL refuses connections/,
    );
    await pg.start();
    const missing = await runToExit({ DATABASE_URL: pg.url.replace(/\/postgres$/, '/no_such_db') });
    expect(missing.code).toBe(78);
    expect(lines(missing.stderr)).toEqual([expect.stringMatching(/^ClanOps failed to start: .*no_such_db/)]);
  });
});
