/**
 * Public page budgets (docs/architecture.md §9): initial JavaScript of `/` under 120 KB gzip (admin code
 * excluded: it must not load at all), and Lighthouse mobile performance ≥ 98, accessibility,
 * best practices and SEO = 100. Run after `npm run build`: `npx tsx bench/web.ts`.
 * Starts its own server from dist/ in demo mode; Chromium from CHROME_PATH (default /usr/bin/chromium).
 */
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startBuiltServer } from '../tools/server-process.js';
import { CHROME_PATH, LIGHTHOUSE_BUDGET, lighthouseMedian } from './_lighthouse.js';

const JS_BUDGET_KB = 120;

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!fs.existsSync('dist/server/server.js') || !fs.existsSync('dist/web/index.html'))
    throw new Error('dist/ is missing: run npm run build first');
  const server = await startBuiltServer({
    tempPrefix: 'clanops-bench-web-',
    env: { NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  });
  return { url: server.url, stop: () => server.stop() };
}

/** Every script the browser loads for `/` until the network is idle, gzipped at level 9. */
async function initialJavaScript(
  url: string,
): Promise<{ files: { name: string; raw: number; gzip: number }[]; admin: boolean }> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const scripts: Promise<{ name: string; raw: number; gzip: number }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      scripts.push(
        res.body().then((body) => ({
          name: new URL(res.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    const files = await Promise.all(scripts);
    return { files, admin: files.some((f) => /admin/i.test(f.name)) };
  } finally {
    await browser.close();
  }
}

const server = await startServer();
let ok = true;
const line = (name: string, value: string, budget: string, pass: boolean) => {
  ok &&= pass;
  console.log(`${pass ? 'PASS' : 'FAIL'}  ${name.padEnd(34)} ${value.padStart(10)}   budget ${budget}`);
};
try {
  const js = await initialJavaScript(server.url);
  const gzipKb = js.files.reduce((s, f) => s + f.gzip, 0) / 1024;
  console.log('Public page / (docs/architecture.md §9)');
  for (const f of js.files)
    console.log(`      ${f.name}  ${(f.raw / 1024).toFixed(1)} KB raw, ${(f.gzip / 1024).toFixed(1)} KB gzip`);
  line(
    'initial JavaScript (gzip)',
    `${gzipKb.toFixed(1)} KB`,
    `< ${JS_BUDGET_KB} KB (ratio ${(gzipKb / JS_BUDGET_KB).toFixed(2)})`,
    gzipKb < JS_BUDGET_KB,
  );
  line('admin chunk loaded on /', js.admin ? 'yes' : 'no', 'no', !js.admin);

  const lh = await lighthouseMedian(`${server.url}/`, '.bench/lighthouse-mobile.json');
  for (const [category, budget] of Object.entries(LIGHTHOUSE_BUDGET)) {
    const score = lh.scores[category] ?? 0;
    line(`Lighthouse mobile ${category}`, String(score), budget === 100 ? '= 100' : `≥ ${budget}`, score >= budget);
  }
  console.log(`      median of ${lh.runs} runs (performance per run: ${lh.all}); ${lh.metrics.join(' · ')}`);
  if (lh.failing.length) console.log(`      audits below 100: ${lh.failing.join('; ')}`);
  console.log('      full report: .bench/lighthouse-mobile.json');
} finally {
  await server.stop();
}
if (!ok) process.exitCode = 1;
