// `npm test` step: the house rules of tools/house-rules.mjs over every tracked source file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { houseProblems, isSource } from './house-rules.js';

const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
const files = tracked
  .filter((f) => isSource(f) && fs.existsSync(f))
  .map((f) => ({ path: f, text: fs.readFileSync(f, 'utf8') }));
const { imports } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { imports?: Record<string, string> };
const problems = houseProblems(files, imports ?? {});

if (problems.length > 0) {
  console.error(`check-house: ${problems.length} problem(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`check-house: ${files.length} source files: lines ≤ 160, climbs ≤ 2 folders, no import cycle`);
