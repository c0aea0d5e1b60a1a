import { afterAll, describe, expect, it } from 'vitest';
import { formatTable, judgeBattleDays, judgeDelivery, type Verdict } from '../../helpers/war-judge.js';
import { DAY, HOUR, MINUTE, warTimeline, type WarTimeline } from '../../helpers/war-timeline.js';

/**
 * A year of real reset timing (docs/war-tracking.md §9): the real scheduler, snapshot job, outbox
 * and scripts run day after day on the hard simulator — reset times that drift per day,
 * maintenance breaks past the window, a log that rolls late, joins, leaves and members who leave
 * and come back, finishes at every close, random API faults, Discord outages, deploys in the
 * middle of a run and days the server was off. Every battle day is judged against the simulator's
 * ledger and every message against what the Discord stand-in accepted, never against ClanOps' own
 * rules. SWEEP_FROM / SWEEP_TO narrow it while debugging.
 */
const FROM = process.env.SWEEP_FROM ?? '2026-10-26T00:00:00.000Z';
const TO = process.env.SWEEP_TO ?? '2027-11-15T00:00:00.000Z';
const from = new Date(FROM);
const to = new Date(TO);

const FAULTS = {
  probability: 0.02,
  seed: 7,
  faults: [
    { kind: 'throttle', retryAfterSeconds: 1 },
    { kind: 'maintenance' },
    { kind: 'throttle' },
    { kind: 'maintenance' },
    { kind: 'drop' },
    { kind: 'latency', ms: 600 },
  ],
} as const;

/** Discord down now and then, sometimes across the reset window, for 2 to 6 hours. */
function discordOutages(): { from: Date; to: Date }[] {
  const out: { from: Date; to: Date }[] = [];
  for (let t = from.getTime() + 3 * DAY, k = 0; t < to.getTime(); t += 23 * DAY, k++) {
    const start = t + (8 + (k % 5) * 3) * HOUR;
    out.push({ from: new Date(start), to: new Date(start + (2 + (k % 5)) * HOUR) });
  }
  return out;
}

/** The instant New York reads `hhmm` on the UTC date of `day` (05:55 is 09:55 or 10:55 UTC). */
function newYorkTime(day: number, hhmm: string): Date {
  const fmt = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit' });
  for (const offset of [4, 5]) {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    const at = new Date(day + (h + offset) * HOUR + m * MINUTE);
    if (fmt.format(at) === hhmm) return at;
  }
  throw new Error(`no ${hhmm} in New York on ${new Date(day).toISOString()}`);
}

/** Forces a finish at the close of day 1, 2 or 4 in some weeks (day 3, and some day 4, come naturally). */
function forceFinishes(w: WarTimeline): Record<number, number> {
  const forced: Record<number, number> = { 1: 0, 2: 0, 4: 0 };
  const seen = new Set<string>();
  let n = 0;
  for (let t = from.getTime(); t < to.getTime(); t += DAY) {
    const p = w.sim.state.period(new Date(t));
    const key = `${p.seasonId}/${p.sectionIndex}`;
    if (p.isColosseumWeek || seen.has(key)) continue;
    seen.add(key);
    const day = ([1, null, 2, null, 4, null] as const)[n++ % 6];
    if (day) {
      w.sim.state.forceFinish(p.seasonId, p.sectionIndex, day);
      forced[day]!++;
    }
  }
  return forced;
}

function finishesByClose(w: WarTimeline): Record<string, number> {
  const counts: Record<string, number> = {};
  const seen = new Set<string>();
  for (let t = from.getTime(); t < to.getTime() - 7 * DAY; t += DAY) {
    const p = w.sim.state.period(new Date(t));
    const key = `${p.seasonId}/${p.sectionIndex}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const day = w.sim.state.ledger.finishDay(p.seasonId, p.sectionIndex);
    const label = day ? `finished at the close of day ${day}` : 'not finished (or colosseum)';
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}

function summarise(verdicts: Verdict[]) {
  return {
    'battle days checked': verdicts.length,
    exact: verdicts.filter((v) => v.exact).length,
    late: verdicts.filter((v) => v.late).length,
    'with a range below 4': verdicts.filter((v) => v.ranged > 0).length,
    uncertain: verdicts.filter((v) => v.uncertain > 0).length,
    'race already finished': verdicts.filter((v) => v.raceFinished).length,
    'members not tracked at the day start': verdicts.reduce((n, v) => n + v.untracked, 0),
    'excused, in the clan at the reset (unseen)': verdicts.reduce((n, v) => n + v.ambiguousJoiners, 0),
  };
}

describe('inactive-players over a year of hard, real reset timing', () => {
  let w: WarTimeline;
  afterAll(async () => w?.close());

  it(
    'reports every battle day exactly once, never from pre-reset data, matching the ledger; every message arrives once, in order',
    async () => {
      const outages = discordOutages();
      w = await warTimeline('sqlite', FROM, {
        seed: 4242,
        maintenanceRate: 0.03,
        hopRate: 0.004,
        deadlineMs: 400,
        faultRate: { ...FAULTS, faults: [...FAULTS.faults] },
        discordOutages: outages,
        // delivered messages are kept, so every one can be matched with what Discord accepted
        env: { RETENTION_OUTBOX_DAYS: '3650' },
      });
      const forced = forceFinishes(w);
      for (let t = from.getTime() + 5 * DAY, k = 0; t < to.getTime() - 3 * DAY; t += 8 * DAY, k++) {
        // a deploy a few minutes into the 05:55 run, while it waits for the reset
        w.restartDuringRun(newYorkTime(Math.floor(t / DAY) * DAY, '06:0' + (k % 9)), (2 + (k % 4)) * MINUTE);
      }
      for (let t = from.getTime() + 9 * DAY, k = 0; t < to.getTime() - 3 * DAY; t += 13 * DAY, k++) {
        // a restart between runs; one in three keeps the server off for most of a day
        w.restartBetweenRuns(new Date(t + (k % 3 === 2 ? 20 : 14) * HOUR), (k % 3 === 2 ? 20 : 2) * HOUR);
      }
      const cpu = process.cpuUsage();
      const wall = Date.now();
      await w.start();
      await w.driveUntil(TO);
      const used = process.cpuUsage(cpu);

      const verdicts = await judgeBattleDays(w, from, to);
      const delivery = await judgeDelivery(w);
      const wrong = verdicts.filter((v) => v.problems.length > 0);
      const resumed = w.runs.filter((r) => r.scriptId === 'inactive-players' && r.message.startsWith('Resumed:'));
      const restartsDuring = (during: string) => w.restarts.filter((r) => r.during === during).length;
      const table = {
        ...summarise(verdicts),
        ...finishesByClose(w),
        'finishes forced at day 1/2/4': `${forced[1]}/${forced[2]}/${forced[4]}`,
        'restarts during a run / between runs': `${restartsDuring('run')}/${restartsDuring('idle')}`,
        'runs resumed in their window': resumed.length,
        'resumed runs that met maintenance': resumed.filter((r) => r.status !== 'completed').length,
        'Discord outages (hours)': outages.reduce((n, o) => n + (o.to.getTime() - o.from.getTime()) / HOUR, 0),
        'Discord answers refused (503)': w.discord!.refused,
        'messages / parts delivered': `${delivery.messages}/${delivery.delivered}`,
        'messages lost / duplicated / undelivered': `${delivery.lost}/${delivery.duplicated}/${delivery.undelivered}`,
        'reminders expired in an outage / delivered late': `${delivery.expired}/${delivery.lateReminders}`,
        'maintenance days': countMaintenanceDays(w),
        wrong: wrong.length,
      };
      const seconds = `${((used.user + used.system) / 1e6).toFixed(0)} s of CPU, ${((Date.now() - wall) / 1000).toFixed(0)} s`;
      console.log(`\nwar sweep ${FROM.slice(0, 10)} → ${TO.slice(0, 10)} (${seconds})\n${formatTable(table)}`);
      for (const v of wrong.slice(0, 10)) console.log(`WRONG ${v.key}: ${v.problems.join(' | ')}`);
      for (const part of delivery.sample) console.log(`DELIVERED MORE THAN ONCE: ${part}`);

      expect(verdicts.length).toBeGreaterThan(0);
      expect(wrong.map((v) => `${v.key}: ${v.problems.join(' | ')}`)).toEqual([]);
      expect(delivery).toMatchObject({ lost: 0, duplicated: 0, outOfOrder: false, undelivered: 0, lateReminders: 0 });
      expect(delivery.messages).toBeGreaterThan(verdicts.length);
      // every deploy inside a run was resumed and its report came in the run's window, unless the simulator
      // answered the resumed run with maintenance (2 % of requests here): then the hourly catch-up reports the
      // day, and the verdicts above hold it to the ledger like any other
      const notCompleted = resumed.filter((r) => r.status !== 'completed');
      expect(notCompleted.filter((r) => !(r.status === 'failed' && /in maintenance/.test(r.message)))).toEqual([]);
      expect(notCompleted.length).toBeLessThan(resumed.length / 4);
      expect(resumed.length).toBe(w.restarts.filter((r) => r.during === 'run').length);
    },
    15 * 60_000,
  );
});

describe('fresh installs on every weekday', () => {
  it(
    'judges nobody on a day whose starting roster it never saw, and reports every day after it started',
    async () => {
      const rows: Record<string, string> = {};
      const problems: string[] = [];
      // one install per weekday, at a different hour each, in different weeks of the year
      for (let k = 0; k < 7; k++) {
        const start = new Date(Date.parse('2027-01-04T00:00:00.000Z') + (k * 8 + k) * DAY + (3 + 3 * k) * HOUR);
        const end = new Date(start.getTime() + 7 * DAY);
        const w = await warTimeline('sqlite', start.toISOString(), {
          seed: 515 + k,
          hopRate: 0.004,
          discordOutages: [],
        });
        try {
          await w.start();
          await w.driveUntil(end);
          const verdicts = await judgeBattleDays(w, new Date(start.getTime() - 2 * DAY), end);
          const delivery = await judgeDelivery(w);
          const weekday = start.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
          const s = summarise(verdicts);
          rows[`${weekday} ${start.toISOString().slice(11, 16)}`] =
            `${verdicts.filter((v) => v.problems.length === 0).length}/${s['battle days checked']} right, ` +
            `${s['members not tracked at the day start']} untracked, ${delivery.lost} lost`;
          for (const v of verdicts) for (const p of v.problems) problems.push(`${weekday} install, ${v.key}: ${p}`);
          if (delivery.lost + delivery.duplicated + delivery.undelivered + delivery.lateReminders > 0)
            problems.push(`${weekday} install: delivery ${JSON.stringify(delivery)}`);
        } finally {
          await w.close();
        }
      }
      console.log(`\nfresh installs\n${formatTable(rows)}`);
      expect(problems).toEqual([]);
    },
    10 * 60_000,
  );
});

function countMaintenanceDays(w: WarTimeline): number {
  let n = 0;
  for (let t = from.getTime(); t < to.getTime(); t += DAY) {
    if (w.sim.state.calendar.maintenanceOn(Math.floor(t / DAY))) n++;
  }
  return n;
}
