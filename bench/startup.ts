// Cold start to listening (budget < 2 s) and idle memory (budget < 150 MB), docs/architecture.md §9.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = 5600 + Math.floor(Math.random() * 300);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-bench-'));
const started = performance.now();
const child = spawn(process.execPath, ['dist/server/server.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'bench-Password-123',
  },
  stdio: 'ignore',
});

let listeningMs = -1;
for (let i = 0; i < 200; i += 1) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    if (res.ok) {
      listeningMs = performance.now() - started;
      break;
    }
  } catch {
    await new Promise((r) => setTimeout(r, 25));
  }
}
await new Promise((r) => setTimeout(r, 3000));
const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
child.kill('SIGTERM');
fs.rmSync(dataDir, { recursive: true, force: true });

const rssMb = rssKb / 1024;
console.log(
  `cold start to healthy: ${listeningMs.toFixed(0)} ms (budget < 2000 ms) ${listeningMs > 0 && listeningMs < 2000 ? 'OK' : 'OVER'}`,
);
console.log(`idle memory (RSS after 3 s): ${rssMb.toFixed(1)} MB (budget < 150 MB) ${rssMb < 150 ? 'OK' : 'OVER'}`);
