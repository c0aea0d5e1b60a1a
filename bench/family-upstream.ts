// Upstream calls of a family (docs/decisions/100-clan-family-data-model.md, docs/architecture.md §9): five clans, the
// simulated family's main clan of fifty and four feeders, one ClanOps with the default scripts and snapshots on a
// manual clock through one war day (Thursday, battle day 1) — the snapshot polls, the inactive-players window, the war
// reminders — and the main clan's public members page every 5 minutes (its profile refreshes are most of the calls).
// Prints Clash Royale calls per clan per hour from the simulator (what it received) and from the app's own counters
// (what it sent, the system card's figures), which must agree for the last hour, and the busiest minute against
// CR_REQUESTS_PER_MINUTE. Fails when they disagree, when a call was refused by the budget, or when the busiest minute
// passes the budget. Run: npx tsx bench/family-upstream.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app';
import { fromSimulator } from '#server/clients/clash-royale/access';
import { loadConfig } from '#server/config/env';
import { openDatabase } from '#server/db/database';
import { ManualClock } from '#server/lib/clock';
import { startSimulator } from '#server/simulator/index';

const MAIN = '#2PQ8L0C';
const FEEDERS = ['#Q0QQQQ', '#R0RRRR', '#Y0YYYY', '#L0LLLL'];
const START = Date.parse('2026-11-26T00:00:00.000Z'); // Thursday
const HOURS = 24;
const HOUR = 3_600_000;
const PAGE_EVERY_MS = 5 * 60_000;

const clock = new ManualClock(new Date(START));
const sim = await startSimulator({ clock, clanTag: MAIN, family: FEEDERS.map((tag) => ({ tag })), moveRate: 1 });
const access = fromSimulator(sim, { closeSimulator: true, client: { clock } });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-bench-family-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dir,
  LOG_LEVEL: 'silent',
  CLAN_TAG: MAIN,
  FAMILY_CLAN_TAGS: FEEDERS.join(','),
  ADMIN_PASSWORD: 'bench-Password-123',
  DEMO_HISTORY: '0',
});
const db = openDatabase({ sqliteFile: path.join(dir, 'clanops.sqlite') });
const app = await buildApp({ config, db, clock, logger: false, clashRoyale: access, scripts: { autoStart: false } });
await app.ready();
const engine = app.services.scripts;
const counters = access.client.counters!;

/** Every call the simulator received. */
const received = () => sim.counters.count();

let perClanDay = new Map<string, number>();
let lastHourReceived = 0;
try {
  await engine.start({ timers: false });
  let nextPage = START;
  const end = START + HOURS * HOUR;
  // the counters' hour: this minute and the 59 before
  const lastHourFrom = end - HOUR + 60_000;
  let lastHourMarked = false;
  for (;;) {
    const wake = Math.min(engine.nextWake()?.getTime() ?? Infinity, nextPage);
    if (!lastHourMarked && wake >= lastHourFrom) {
      if (clock.now().getTime() < lastHourFrom) clock.set(new Date(lastHourFrom));
      lastHourReceived = received();
      lastHourMarked = true;
    }
    if (wake >= end) break;
    if (wake > clock.now().getTime()) clock.set(new Date(wake));
    if (wake === nextPage) {
      const res = await app.inject({ method: 'GET', url: '/api/clan/members' });
      if (res.statusCode !== 200) throw new Error(`/api/clan/members answered ${res.statusCode}`);
      nextPage += PAGE_EVERY_MS;
    }
    const fired = await engine.tick();
    await Promise.all(fired.map((f) => f.done));
  }
  clock.set(new Date(end));
  lastHourReceived = received() - lastHourReceived;
  const paths = sim.counters.paths();
  perClanDay = new Map([MAIN, ...FEEDERS].map((tag) => [tag, clanCalls(paths, tag)]));
} finally {
  await app.close();
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

function clanCalls(paths: Record<string, number>, tag: string): number {
  const encoded = encodeURIComponent(tag);
  return Object.entries(paths)
    .filter(([p]) => p.includes(`/clans/${encoded}`))
    .reduce((n, [, c]) => n + c, 0);
}

const lastHour = counters.lastHour();
const appLastHour = lastHour.reduce((n, c) => n + c.calls, 0);
const refused = lastHour.reduce((n, c) => n + c.refused, 0);
const peak = counters.busiestMinute();
let ok = true;
const line = (text: string, pass: boolean) => {
  ok &&= pass;
  console.log(`${text} ${pass ? 'OK' : 'OVER'}`);
};
console.log(`five clans through ${HOURS} hours of a battle day, the main clan's members page every 5 minutes`);
for (const [tag, calls] of perClanDay) {
  const hourly = lastHour.find((c) => c.clanTag === tag)?.calls ?? 0;
  console.log(
    `  ${tag}${tag === MAIN ? ' (main)' : ''}: ${(calls / HOURS).toFixed(1)} clan-route calls an hour over the day; ` +
      `last hour, all calls (the app's counters): ${hourly}`,
  );
}
line(
  `last hour: the app counted ${appLastHour} calls, the simulator received ${lastHourReceived} (must agree)`,
  appLastHour === lastHourReceived,
);
line(`calls refused by the request budget in the last hour: ${refused}`, refused === 0);
line(
  `busiest minute of the last hour: ${peak} calls (budget ${config.CR_REQUESTS_PER_MINUTE} a minute)`,
  peak <= config.CR_REQUESTS_PER_MINUTE,
);
if (!ok) process.exitCode = 1;
