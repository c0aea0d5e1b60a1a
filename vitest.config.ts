import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['server/**/*.test.ts', 'contracts/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Simulated weeks run in 5-30 s alone and up to 3 times longer on a shared 2-core machine under load: the timeout
    // only catches a hang, it never measures speed (`npm run bench` does).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default', './tools/vitest-summary-reporter.ts'],
  },
});
