import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** A volume or folder the server cannot use stops the start with one line that says what to fix. */
describe('server start with an unusable DATA_DIR', () => {
  it('names the database file and DATA_DIR', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-data-dir-'));
    // A folder where the database file should be: SQLite cannot open it, whoever runs the test.
    fs.mkdirSync(path.join(dataDir, 'clanops.sqlite'));
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(result.status).toBe(78); // EX_CONFIG: systemd does not restart into the same error
    const lines = result.stderr
      .trim()
      .split('\n')
      .filter((l) => !/ExperimentalWarning|--trace-warnings/.test(l));
    expect(lines).toEqual([
      expect.stringMatching(
        /^ClanOps failed to start: .+: .*clanops\.sqlite \(DATA_DIR must be a folder uid \d+ can write\)$/,
      ),
    ]);
  });
});
