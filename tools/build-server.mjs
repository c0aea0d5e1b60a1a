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

fs.mkdirSync('dist/server/data', { recursive: true });
fs.copyFileSync('server/src/modules/auth/data/common-passwords.txt', 'dist/server/data/common-passwords.txt');
