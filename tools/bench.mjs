// npm run bench: runs every benchmark in bench/ (each prints its figures next to the docs/architecture.md §9 budget).
// Budgets are ratios or counts measured in one run, never timed assertions in tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const build = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) process.exit(build.status ?? 1);

const files = fs.existsSync('bench')
  ? fs
      .readdirSync('bench')
      .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
      .sort()
  : [];
let failed = 0;
for (const file of files) {
  console.log(`\n== bench/${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', file)], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
