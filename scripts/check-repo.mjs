// Fails when a tracked file points outside the repository: a path beside the checkout, an
// absolute path of one machine, or a design document that only exists on the authors' machines.
// A bare `git clone` must be able to follow every reference (docs/architecture.md, "Checks").
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const up = '\\.\\.';
const rules = [
  { what: 'a folder beside the repository', pattern: new RegExp(`${up}/shared\\b|${up}\\\\shared\\b`) },
  {
    what: 'an absolute path on one machine',
    pattern: /(?<![\w.])\/(?:work|home\/[a-z][\w-]*|Users\/[A-Za-z]|root)\/[\w.-]/,
  },
  {
    what: 'a briefing document that is not in the repository',
    pattern: new RegExp(`\\b(?:SPEC|DESIGN)(?:\\.md)? §|\\b(?:SPEC|DESIGN)\\.md\\b|CR-API-${'NOTES'}`),
  },
];
// Code comments cite docs/, never an issue tracker entry the reader cannot open.
const codeRules = [{ what: 'an issue number', pattern: /\b[Ii]ssues? #?\d+\b/ }];

// Decision records keep their history notes; binary files and the lockfile hold no prose.
const skipped = (file) =>
  file.startsWith('docs/decisions/') || file === 'package-lock.json' || /\.(png|jpe?g|ico|woff2?)$/.test(file);
const isCode = (file) => /\.(ts|tsx|js|mjs|cjs|css|html)$/.test(file) || file.startsWith('.ci/');

const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
const problems = [];
for (const file of files) {
  if (skipped(file) || !fs.existsSync(file)) continue;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const active = isCode(file) ? [...rules, ...codeRules] : rules;
  lines.forEach((line, i) => {
    for (const rule of active) {
      if (rule.pattern.test(line))
        problems.push(`${file}:${i + 1}: refers to ${rule.what}: ${line.trim().slice(0, 140)}`);
    }
  });
}

if (problems.length > 0) {
  process.stderr.write(
    `${problems.join('\n')}\n\ncheck-repo: ${problems.length} reference(s) outside the repository.\n`,
  );
  process.exit(1);
}
process.stdout.write(`check-repo: ${files.length} tracked files refer only to the repository.\n`);
