import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '#tools/server-process';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own, in a temp folder on a free loopback port, that the test may stop and start:
 * the shared server other suites use (TEST_DATABASE_URL) is never stopped. Debian's binaries
 * (/usr/lib/postgresql/<major>/bin, or PG_BIN); as root the cluster runs as the `postgres` user, since PostgreSQL
 * refuses root. Trust authentication on 127.0.0.1 only; fsync off (a test's data need not survive a power cut).
 */
export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** pg_ctl stop -m fast: every connection ends with 57P01, as on `systemctl stop postgresql` */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** stop (if running) and delete the cluster */
  destroy(): Promise<void>;
}

export function postgresBinDir(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const majors = fs
    .readdirSync(root)
    .filter((d) => fs.existsSync(path.join(root, d, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? path.join(root, majors[0], 'bin') : null;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL server binaries (apt-get install postgresql, or set PG_BIN)');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-pg-'));
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  const tool = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]) : run(path.join(bin, name), args);
  const data = path.join(dir, 'data');
  await tool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
  let running = false;
  const start = async () => {
    await tool('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
    running = true;
  };
  const stop = async () => {
    await tool('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
    running = false;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy: async () => {
      if (running) await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
