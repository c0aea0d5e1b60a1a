import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The real entry point: a bad variable stops the start with one line naming it. */
function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    env: { ...process.env, ...env, DATA_DIR: '/tmp/clanops-start-test' },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('server start', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
  ])('stops on %o naming the variable', (env, name) => {
    const result = start(env);
    expect(result.status).toBe(78); // EX_CONFIG: deploy/clanops.service does not restart into it
    const lines = result.stderr
      .trim()
      .split('\n')
      .filter((l) => !/ExperimentalWarning|--trace-warnings/.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${name} `));
  });
});
