// Bundles the server into dist/server/server.js (fast cold start, no TypeScript at run time), and
// the shell commands a production install needs without dev tools into dist/server/cli/
// (docs/deploy.md: backups and a password reset inside the container image). Data files the
// server reads at run time are copied to dist/server/data/ (password-policy.ts finds them there).
import fs from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['server/src/server.ts', 'server/src/cli/backup.ts', 'server/src/cli/reset-password.ts'],
  outbase: 'server/src',
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // The pure-JavaScript packages are bundled in, whitespace and syntax minified (names kept, so a stack trace still
  // reads): an idle live server holds about 3 MB less heap than with each package's files loaded as they are
  // published, comments and indentation included (docs/decisions/107-bundled-packages.md). Native addons stay
  // outside, as do the packages the server loads with createRequire only when it needs them (PostgreSQL, mail,
  // TOTP, cron descriptions) and two that Fastify requires only on paths the server never takes (its default
  // validator compiler, which the contract compilers replace, and inject()).
  external: ['better-sqlite3', '@node-rs/argon2', '@fastify/ajv-compiler', 'light-my-request'],
  minifyWhitespace: true,
  minifySyntax: true,
  // The packages written as CommonJS call require() for Node's built-ins; an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';const require=__createRequire(import.meta.url);",
  },
  // Code reached only through import() (the demo simulator, the start after heap-tuning.ts, jose) is its own file,
  // loaded when it is first needed, packages included.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  // the maps point at the files (ours and node_modules'), without a copy of their text
  sourcesContent: false,
  logLevel: 'warning',
});

// esbuild writes ASCII (its default charset) except in the comments it keeps; one `§` in a comment makes V8 hold the
// whole file's source as two-byte text, twice its size, for the life of the process (docs/decisions/073-live-memory.md).
// Each such character becomes one '?' in place (one UTF-16 unit for one), so the source maps still line up.
for (const file of fs.readdirSync('dist/server', { recursive: true, encoding: 'utf8' })) {
  if (!file.endsWith('.js')) continue;
  const code = fs.readFileSync(`dist/server/${file}`, 'utf8');
  if (/[\u0080-\uffff]/.test(code)) fs.writeFileSync(`dist/server/${file}`, code.replace(/[\u0080-\uffff]/g, '?'));
}

fs.mkdirSync('dist/server/data', { recursive: true });
fs.copyFileSync('server/src/modules/auth/data/common-passwords.txt', 'dist/server/data/common-passwords.txt');
