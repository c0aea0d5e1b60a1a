// `npm run test:any-hour`: the test files that start a process or read the system clock, run under libfaketime at
// fixed instants of the war week, so a test that passes on a Tuesday and fails on a Friday afternoon fails every
// time instead (docs/architecture.md, "Checks"). Each instant is an offset from the real clock, the same in every
// process, so the test, the simulator it runs and the server process it starts agree on the time.
// `node tools/any-hour.mjs [files...]` runs the given test files instead (e.g. the whole suite).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** UTC instants; the simulated calendar's resets fall at about 09:40 UTC. */
export const INSTANTS = [
  ['a training day (Wednesday)', '2026-11-25T12:00:00Z'],
  ['battle day 1, before its reset (Friday)', '2026-11-27T09:00:00Z'],
  ['battle day 2, after the reset (Friday)', '2026-11-27T14:40:00Z'],
  ['the Monday of the log, after the reset', '2026-11-30T10:05:00Z'],
  ['the Sunday New York leaves daylight saving time, 01:30 the second time', '2026-11-01T06:30:00Z'],
];

/** What makes a test file depend on the hour it runs at. */
const HOUR_BOUND = /startBuiltServer|spawnSync|spawn\(|systemClock|new Date\(\)/;

function selectedFiles() {
  const listed = execFileSync('git', ['ls-files', '-z', '--', '*.test.ts', '*.test.tsx'], { encoding: 'utf8' });
  return listed
    .split('\0')
    .filter(Boolean)
    .filter((file) => HOUR_BOUND.test(fs.readFileSync(file, 'utf8')));
}

const libfaketime = spawnSync('faketime', ['--version'], { encoding: 'utf8' });
if (libfaketime.error) {
  console.error('No faketime found: install it with `sudo apt-get install -y faketime` (Debian package faketime).');
  process.exit(1);
}

const files = process.argv.length > 2 ? process.argv.slice(2) : selectedFiles();
console.log(`any-hour: ${files.length} test file(s) at ${INSTANTS.length} instants: ${files.join(' ')}`);
const failed = [];
for (const [what, at] of INSTANTS) {
  const seconds = Math.round((Date.parse(at) - Date.now()) / 1000);
  console.log(`\nany-hour: ${at} (${what})`);
  const run = spawnSync('faketime', ['-f', `${seconds >= 0 ? '+' : ''}${seconds}s`, 'npx', 'vitest', 'run', ...files], {
    stdio: 'inherit',
    // Only the wall clock moves: a monotonic clock set before the machine booted stops every timer.
    env: { ...process.env, TZ: 'UTC', FAKETIME_DONT_FAKE_MONOTONIC: '1' },
  });
  if (run.status !== 0) failed.push(`${at} (${what})`);
}
if (failed.length > 0) {
  console.error(`\nany-hour: failed at ${failed.join('; ')}`);
  process.exit(1);
}
console.log(`\nany-hour: passed at every instant`);
