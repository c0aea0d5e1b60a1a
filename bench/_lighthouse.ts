/**
 * Lighthouse mobile for the page benchmarks (docs/architecture.md §9): the default mobile preset (Moto G
 * Power emulation, simulated slow 4G) in Chromium from CHROME_PATH, the median of LIGHTHOUSE_RUNS runs.
 */
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The page budgets of the public pages and a member page (painted on the server: docs/decisions/170-…). */
export const LIGHTHOUSE_BUDGET = { performance: 99, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
/**
 * A painted page's HTML as sent to a browser (compressed), with its response headers: it must fit TCP's first
 * congestion window (10 segments of 1,460 bytes), so that a phone gets the whole document in one round trip; Lighthouse's
 * simulation models that window, and a document one byte over it costs its first paint a round trip (150 ms on slow 4G).
 */
export const HTML_BUDGET_BYTES = 10 * 1460;
/** First contentful paint on Lighthouse's phone, of the median run. */
export const FCP_BUDGET_MS = 1000;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

export interface LighthouseResult {
  scores: Record<string, number>;
  /** audits below 100, with their figure */
  failing: string[];
  metrics: string[];
  /** first contentful paint in ms */
  fcpMs: number;
  /** performance of every run, in run order */
  all: string;
  runs: number;
}

/**
 * Lighthouse varies from run to run on a busy machine: the median run (by performance) is reported. A run that
 * Lighthouse itself could not finish (a `runtimeError`, scored 0) is a failed measurement, not a score: it is
 * printed and run again, once.
 */
export async function lighthouseMedian(url: string, reportFile: string): Promise<LighthouseResult> {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    let run = await lighthouseMobile(url, reportFile);
    if (run.runtimeError) {
      console.log(`      Lighthouse could not finish a run (${run.runtimeError}); running it again`);
      run = await lighthouseMobile(url, reportFile);
    }
    runs.push(run);
  }
  const all = runs.map((r) => r.scores.performance).join(', ');
  runs.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  return { ...runs[Math.floor(runs.length / 2)]!, all, runs: RUNS };
}

type Line = (name: string, value: string, budget: string, pass: boolean) => void;

/** The Lighthouse lines of one page against their budgets, and what explains them. */
export function printLighthouse(lh: LighthouseResult, line: Line, report: string): void {
  for (const [category, budget] of Object.entries(LIGHTHOUSE_BUDGET)) {
    const score = lh.scores[category] ?? 0;
    line(`Lighthouse mobile ${category}`, String(score), budget === 100 ? '= 100' : `≥ ${budget}`, score >= budget);
  }
  line(
    'first contentful paint',
    `${(lh.fcpMs / 1000).toFixed(2)} s`,
    `≤ ${FCP_BUDGET_MS / 1000} s`,
    lh.fcpMs <= FCP_BUDGET_MS,
  );
  console.log(`      median of ${lh.runs} runs (performance per run: ${lh.all}); ${lh.metrics.join(' · ')}`);
  if (lh.failing.length) console.log(`      audits below 100: ${lh.failing.join('; ')}`);
  console.log(`      full report: ${report}`);
}

/** Bytes of a page's HTML as sent to a browser (brotli when it is asked for), its headers', and whether it arrived painted. */
export async function pageHtml(
  url: string,
): Promise<{ bytes: number; headerBytes: number; encoding: string; painted: boolean }> {
  const { request } = await import('node:http');
  const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = String(res.headers['content-encoding'] ?? 'none');
        const html = (
          encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body
        ).toString();
        // "HTTP/1.1 200 OK\r\n", each "name: value\r\n", the blank line
        let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n\r\n`.length;
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          headerBytes += Buffer.byteLength(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`);
        resolve({ bytes: body.length, headerBytes, encoding, painted: html.includes('id="page-state"') });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** The lines of a page's HTML: painted on the server, and its size as sent against TCP's first window. */
export async function printHtml(url: string, line: Line): Promise<void> {
  const html = await pageHtml(url);
  line('HTML painted on the server', html.painted ? 'yes' : 'no', 'yes', html.painted);
  const sent = html.bytes + html.headerBytes;
  line(
    `HTML as sent (${html.encoding}) + headers`,
    `${(sent / 1024).toFixed(1)} KB`,
    `≤ ${(HTML_BUDGET_BYTES / 1024).toFixed(1)} KB`,
    sent <= HTML_BUDGET_BYTES,
  );
}

async function lighthouseMobile(url: string, reportFile: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(LIGHTHOUSE_BUDGET),
    });
    if (!result) throw new Error('Lighthouse returned no result');
    fs.mkdirSync('.bench', { recursive: true });
    fs.writeFileSync(reportFile, JSON.stringify(result.lhr, null, 2)); // the last run
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
    const runtimeError = result.lhr.runtimeError
      ? `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`
      : null;
    const fcpMs = audits['first-contentful-paint']?.numericValue ?? Number.POSITIVE_INFINITY;
    return { scores, failing, metrics, fcpMs, runtimeError };
  } finally {
    chrome.kill();
  }
}
