/**
 * Public page budgets (docs/architecture.md §9): initial JavaScript of `/` under 120 KB gzip (admin code
 * excluded: it must not load at all), and Lighthouse mobile performance ≥ 98, accessibility,
 * best practices and SEO = 100. Run after `npm run build`: `npx tsx bench/web.ts`.
 * Starts its own server from dist/ in demo mode; Chromium from CHROME_PATH (default /usr/bin/chromium).
 */
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { startBuiltServer } from '../tools/server-process.js';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const JS_BUDGET_KB = 120;
const LIGHTHOUSE_BUDGET = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 } as const;

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

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** Lighthouse varies from run to run on a busy machine: the median of RUNS runs (by performance) is reported. */
async function lighthouseMedian(url: string) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouseMobile(url));
  runs.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const all = runs.map((r) => r.scores.performance).join(', ');
  return { ...runs[Math.floor(runs.length / 2)]!, all };
}

async function lighthouseMobile(url: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    // No config: Lighthouse's default is the mobile preset (Moto G Power emulation, simulated slow 4G).
    const result = await lighthouse(`${url}/`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(LIGHTHOUSE_BUDGET),
    });
    if (!result) throw new Error('Lighthouse returned no result');
    fs.mkdirSync('.bench', { recursive: true });
    fs.writeFileSync('.bench/lighthouse-mobile.json', JSON.stringify(result.lhr, null, 2)); // the last run
    const { categories, audits } = result.lhr;
    const failing = Object.values(audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'manual' &&
          a.scoreDisplayMode !== 'notApplicable',
      )
      .map((a) => `${a.id} (${Math.round((a.score ?? 0) * 100)}${a.displayValue ? `, ${a.displayValue}` : ''})`);
    const scores = Object.fromEntries(
      Object.keys(LIGHTHOUSE_BUDGET).map((k) => [k, Math.round((categories[k]?.score ?? 0) * 100)]),
    );
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ].map((id) => `${id} ${audits[id]?.displayValue ?? '?'}`);
    return { scores, failing, metrics };
  } finally {
    chrome.kill();
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

  const lh = await lighthouseMedian(server.url);
  for (const [category, budget] of Object.entries(LIGHTHOUSE_BUDGET)) {
    const score = lh.scores[category] ?? 0;
    line(`Lighthouse mobile ${category}`, String(score), budget === 100 ? '= 100' : `≥ ${budget}`, score >= budget);
  }
  console.log(`      median of ${RUNS} runs (performance per run: ${lh.all}); ${lh.metrics.join(' · ')}`);
  if (lh.failing.length) console.log(`      audits below 100: ${lh.failing.join('; ')}`);
  console.log('      full report: .bench/lighthouse-mobile.json');
} finally {
  await server.stop();
}
if (!ok) process.exitCode = 1;
