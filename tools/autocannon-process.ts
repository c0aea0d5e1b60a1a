// autocannon in a process of its own (its CLI), so the load generator never shares an event loop with a server
// under test. Used by bench/public-api.ts and tools/profile-api.ts.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const AUTOCANNON = path.join(path.dirname(createRequire(import.meta.url).resolve('autocannon')), 'autocannon.js');

export interface LoadOptions {
  connections: number;
  durationS: number;
}

/** Requests per second (autocannon's average); fails on any non-2xx answer or socket error. */
export async function loadRps(url: string, { connections, durationS }: LoadOptions): Promise<number> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [AUTOCANNON, '--json', '--no-progress', '-c', String(connections), '-d', String(durationS), url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as {
    requests: { average: number };
    non2xx: number;
    errors: number;
  };
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}
