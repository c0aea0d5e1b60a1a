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
  packages: 'external',
  // Code reached only through import() (the demo simulator, the start after heap-tuning.ts) is its own file,
  // loaded when it is first needed, packages included.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
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
