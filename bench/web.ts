/**
 * Public page budgets (docs/architecture.md §9): initial JavaScript under 120 KB gzip (admin code excluded: it must
 * not load at all), the HTML painted on the server and its size as sent, Lighthouse mobile performance ≥ 99 with a
 * first contentful paint ≤ 1.0 s, accessibility, best practices and SEO = 100 — on `/` of
 * one clan (the spec's page), and with the demo family on the family page and a feeder's clan page.
 * Run after `npm run build`: `npx tsx bench/web.ts`. Starts its own servers from dist/ in demo mode; Chromium from
 * CHROME_PATH (default /usr/bin/chromium).
 */
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startBuiltServer } from '../tools/server-process.js';
import { CHROME_PATH, lighthouseMedian, printHtml, printLighthouse } from './_lighthouse.js';

const JS_BUDGET_KB = 120;

/** A server from dist/ in demo mode: one clan (the spec's page at `/`), or the demo family of three. */
async function startServer(family: boolean): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!fs.existsSync('dist/server/server.js') || !fs.existsSync('dist/web/index.html'))
    throw new Error('dist/ is missing: run npm run build first');
  const server = await startBuiltServer({
    tempPrefix: 'clanops-bench-web-',
    env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', DEMO_FAMILY: family ? '1' : '0' },
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

let ok = true;
const line = (name: string, value: string, budget: string, pass: boolean) => {
  ok &&= pass;
  console.log(`${pass ? 'PASS' : 'FAIL'}  ${name.padEnd(34)} ${value.padStart(10)}   budget ${budget}`);
};

/** The initial JavaScript and Lighthouse mobile of one page, each line against its budget. */
async function measure(title: string, url: string, report: string): Promise<void> {
  const js = await initialJavaScript(url);
  const gzipKb = js.files.reduce((s, f) => s + f.gzip, 0) / 1024;
  console.log(title);
  for (const f of js.files)
    console.log(`      ${f.name}  ${(f.raw / 1024).toFixed(1)} KB raw, ${(f.gzip / 1024).toFixed(1)} KB gzip`);
  line(
    'initial JavaScript (gzip)',
    `${gzipKb.toFixed(1)} KB`,
    `< ${JS_BUDGET_KB} KB (ratio ${(gzipKb / JS_BUDGET_KB).toFixed(2)})`,
    gzipKb < JS_BUDGET_KB,
  );
  line('admin chunk loaded', js.admin ? 'yes' : 'no', 'no', !js.admin);
  await printHtml(url, line);
  printLighthouse(await lighthouseMedian(url, report), line, report);
}

const single = await startServer(false);
try {
  await measure(
    'Public page / of one clan (docs/architecture.md §9)',
    `${single.url}/`,
    '.bench/lighthouse-mobile.json',
  );
} finally {
  await single.stop();
}
// The demo family of three (docs/decisions/100-clan-family-data-model.md): the family page and a feeder's page.
const family = await startServer(true);
try {
  await measure('Family page / (three clans)', `${family.url}/`, '.bench/lighthouse-family.json');
  const clans = (await (await fetch(`${family.url}/api/clans`)).json()) as { clans: { tag: string }[] };
  const feeder = clans.clans[1]!.tag.slice(1);
  await measure(`Clan page /clans/${feeder}`, `${family.url}/clans/${feeder}`, '.bench/lighthouse-clan.json');
} finally {
  await family.stop();
}
if (!ok) process.exitCode = 1;
