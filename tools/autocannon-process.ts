// autocannon in a process of its own (its CLI), so the load generator never shares an event loop with a server
// under test. Used by bench/public-api.ts and tools/profile-api.ts.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const AUTOCANNON = path.join(path.dirname(createRequire(import.meta.url).resolve('autocannon')), 'autocannon.js');

/** What a browser sends: the API answers compressed bytes to it (docs/architecture.md §9). */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface LoadOptions {
  connections: number;
  durationS: number;
  /** request headers; every load sends `accept-encoding` as a browser does unless this says otherwise */
  headers?: Record<string, string>;
}

export interface LoadResult {
  /** autocannon's average requests per second */
  rps: number;
  /** requests answered */
  total: number;
}

/** Loads one URL; fails on any non-2xx answer or socket error. */
export async function load(url: string, { connections, durationS, headers = {} }: LoadOptions): Promise<LoadResult> {
  const all = { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...headers };
  const headerArgs = Object.entries(all).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [AUTOCANNON, '--json', '--no-progress', '-c', String(connections), '-d', String(durationS), ...headerArgs, url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as {
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
  };
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, total: result.requests.total };
}

/** Requests per second (autocannon's average). */
export const loadRps = async (url: string, options: LoadOptions) => (await load(url, options)).rps;
