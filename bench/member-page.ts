/**
 * A member's page (docs/architecture.md §9): painted on the server, its HTML within its size, Lighthouse mobile
 * performance ≥ 99 with a first contentful paint ≤ 1.0 s, accessibility, best practices and SEO = 100 on
 * /members/{tag} of the demo clan. Run after `npm run build`: `npx tsx bench/member-page.ts`.
 * Starts its own server from dist/ in demo mode; Chromium from CHROME_PATH (default /usr/bin/chromium).
 */
import fs from 'node:fs';
import { startBuiltServer } from '../tools/server-process.js';
import { lighthouseMedian, printHtml, printLighthouse } from './_lighthouse.js';

const REPORT = '.bench/lighthouse-member-page.json';

if (!fs.existsSync('dist/server/server.js') || !fs.existsSync('dist/web/index.html'))
  throw new Error('dist/ is missing: run npm run build first');
const server = await startBuiltServer({
  tempPrefix: 'clanops-bench-member-',
  env: { NODE_ENV: 'production', LOG_LEVEL: 'warn' },
});
let ok = true;
const line = (name: string, value: string, budget: string, pass: boolean) => {
  ok &&= pass;
  console.log(`${pass ? 'PASS' : 'FAIL'}  ${name.padEnd(34)} ${value.padStart(10)}   budget ${budget}`);
};
try {
  // the demo's first member, whose page the replayed history has filled
  const roster = (await (await fetch(`${server.url}/api/clan/members`)).json()) as { members: { playerTag: string }[] };
  const tag = roster.members[0]!.playerTag.slice(1);
  const weeks = ((await (await fetch(`${server.url}/api/clan/members/${tag}/history`)).json()) as { weeks: unknown[] })
    .weeks.length;
  console.log(`Member page /members/${tag} (${weeks} war weeks; docs/architecture.md §9)`);
  const url = `${server.url}/members/${tag}`;
  await printHtml(url, line);
  printLighthouse(await lighthouseMedian(url, REPORT), line, REPORT);
} finally {
  await server.stop();
}
if (!ok) process.exitCode = 1;
