import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '#tools/server-process';
import { processClockAt } from '../helpers/process-clock.js';

const TRAINING_DAY = '2026-11-24T12:20:00.000Z';

/** What a self-hoster reads at start: `docker logs`, `journalctl -u clanops`, the terminal. */
describe('the server process at start', () => {
  let server: BuiltServer | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  // A real first start through tsx, demo history included: allow for a busy CI machine.
  it(
    'logs the generated password as its only warning and names the port it listens on',
    { timeout: 120_000 },
    async () => {
      server = await startBuiltServer({
        source: true,
        // a training day: no catch-up at start, whatever the hour the test runs at
        env: {
          PUBLIC_URL: undefined,
          ADMIN_PASSWORD: undefined,
          LOG_LEVEL: 'info',
          ...processClockAt(TRAINING_DAY).env,
        },
        healthTimeoutMs: 100_000,
      });
      const deadline = Date.now() + 10_000;
      while (!server.logs().includes('ClanOps is serving') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const lines = server
        .logs()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { level: number; msg: string });
      const warnings = lines.filter((l) => l.level >= 40).map((l) => l.msg);
      expect(warnings).toEqual([
        expect.stringMatching(/^Created the admin account "admin" with the generated password: /),
      ]);
      const port = new URL(server.url).port;
      expect(lines.map((l) => l.msg)).toContainEqual(
        `ClanOps is serving on 127.0.0.1:${port} (sqlite, demo mode); PUBLIC_URL is not set, so links point to ` +
          `http://localhost:${port}: set it to the address your clan opens`,
      );
    },
  );
});

/** A start that cannot succeed: one line and exit status 78 (bad settings: start.test.ts), which systemd does not restart into. */
describe('a failed start', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  function start(env: Record<string, string>) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-start-'));
    dirs.push(dataDir);
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', DEMO_HISTORY: '0', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const lines = result.stderr
      .trim()
      .split('\n')
      .filter((l) => !/ExperimentalWarning|--trace-warnings/.test(l));
    return { status: result.status, lines };
  }

  it('on a port another program holds', { timeout: 90_000 }, async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      const result = start({ PORT: String(port), HOST: '127.0.0.1' });
      expect(result).toEqual({
        status: 78,
        lines: [`ClanOps failed to start: listen EADDRINUSE: address already in use 127.0.0.1:${port}`],
      });
    } finally {
      holder.close();
    }
  });
});
