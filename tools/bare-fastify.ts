// The reference of the API benchmarks: a bare Fastify process (bench/_bare-server.mjs, Fastify's defaults) answering
// the very bytes the server answered, with only a JSON content type or with exactly the server's headers.
// Used by bench/public-api.ts and tools/profile-api.ts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { BROWSER_ACCEPT_ENCODING } from './autocannon-process.js';
import { freePort, killOnExit } from './server-process.js';

/** Headers that belong to the connection or the moment, not to the answer. */
const NOT_COPIED = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

export interface Captured {
  /** the bytes on the wire (compressed when the server compressed them) */
  body: Buffer;
  headers: Record<string, string>;
}

/** One GET as a browser sends it (`accept-encoding` included), body kept as sent: nothing is decompressed. */
export function capture(url: string, acceptEncoding = BROWSER_ACCEPT_ENCODING): Promise<Captured> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}`));
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            if (!NOT_COPIED.has(name) && value !== undefined) headers[name] = String(value);
          resolve({ body: Buffer.concat(chunks), headers });
        });
      })
      .on('error', reject);
  });
}

export interface BareServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * A bare Fastify process answering each path with its captured body: with the captured headers (`withHeaders`) or
 * with only a JSON content type (and the captured content encoding, so the bytes still mean the same).
 */
export async function startBareServer(
  dir: string,
  name: string,
  captured: Map<string, Captured>,
  { withHeaders, nodeArgs = [] }: { withHeaders: boolean; nodeArgs?: string[] },
): Promise<BareServer> {
  const port = await freePort();
  const routes = [...captured.entries()].map(([endpoint, answer], i) => {
    const bodyFile = path.join(dir, `${name}-body-${i}`);
    fs.writeFileSync(bodyFile, answer.body);
    const encoding = answer.headers['content-encoding'];
    const minimal = {
      'content-type': 'application/json; charset=utf-8',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    };
    return { path: endpoint, bodyFile, headers: withHeaders ? answer.headers : minimal };
  });
  const configFile = path.join(dir, `${name}.json`);
  fs.writeFileSync(configFile, JSON.stringify({ port, routes }));
  const child = spawn(process.execPath, [...nodeArgs, 'bench/_bare-server.mjs', configFile], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  killOnExit(child);
  const url = `http://127.0.0.1:${port}`;
  const first = routes[0]!.path;
  for (let i = 0; ; i++) {
    const up = await capture(`${url}${first}`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (i > 200 || child.exitCode !== null) throw new Error(`${name} did not start`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
