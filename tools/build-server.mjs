// Bundles the server into dist/server/server.js (fast cold start, no TypeScript at run time).
import { build } from 'esbuild';

await build({
  entryPoints: ['server/src/server.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
