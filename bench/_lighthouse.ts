/**
 * Lighthouse mobile for the page benchmarks (docs/architecture.md §9): the default mobile preset (Moto G
 * Power emulation, simulated slow 4G) in Chromium from CHROME_PATH, the median of LIGHTHOUSE_RUNS runs.
 */
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The page budgets of both the public page and a member page. */
export const LIGHTHOUSE_BUDGET = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

export interface LighthouseResult {
  scores: Record<string, number>;
  /** audits below 100, with their figure */
  failing: string[];
  metrics: string[];
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
    return { scores, failing, metrics, runtimeError };
  } finally {
    chrome.kill();
  }
}
