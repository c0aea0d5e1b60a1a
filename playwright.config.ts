import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './e2e/support/chromium';

/**
 * End-to-end specs in Debian's Chromium against the built app (npm run build first).
 * Each spec file gets its own server process and data folder (e2e/support/fixtures.ts).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Timeouts only catch a hang: two workers, each with a server and a Chromium, share two cores, and a test that takes
  // 15 s alone took over 30 s while other work ran. Speed is measured by `npm run bench`, never here.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI
    ? [['list'], ['./e2e/support/summary-reporter.ts']]
    : [['list'], ['./e2e/support/summary-reporter.ts']],
  outputDir: 'test-results',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }, grep: /@phone/ },
  ],
});
