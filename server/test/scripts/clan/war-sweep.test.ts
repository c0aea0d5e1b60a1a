import { afterAll, describe, expect, it } from 'vitest';
import { DAY, reportedDays, warTimeline, type WarTimeline } from '../../helpers/war-timeline.js';

/**
 * A year of real reset timing (docs/war-tracking.md): the real scheduler, snapshot job and
 * scripts run day after day on the hard simulator — reset times that drift per day, maintenance
 * breaks past the window, a log that rolls late, joins and leaves at any minute, early finishes
 * and random API faults. Every battle day is judged against the simulator's ledger, never
 * against ClanOps' own rules. SWEEP_FROM / SWEEP_TO narrow it while debugging.
 */
const FROM = process.env.SWEEP_FROM ?? '2026-10-26T00:00:00.000Z';
const TO = process.env.SWEEP_TO ?? '2027-11-15T00:00:00.000Z';

interface Verdict {
  key: string;
  late: boolean;
  exact: boolean;
  uncertain: number;
  ranged: number;
  raceFinished: boolean;
  ambiguousJoiners: number;
  problems: string[];
}

describe('inactive-players over a year of hard, real reset timing', () => {
  let w: WarTimeline;
  afterAll(async () => w?.close());

  it(
    'reports every battle day exactly once, never from pre-reset data, matching the ledger',
    async () => {
      w = await warTimeline('sqlite', FROM, {
        seed: 4242,
        maintenanceRate: 0.03,
        deadlineMs: 400,
        faultRate: {
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
        },
      });
      const cpu = process.cpuUsage();
      const wall = Date.now();
      await w.start();
      await w.driveUntil(TO);
      const used = process.cpuUsage(cpu);

      const verdicts = await judgeEveryBattleDay(w);
      const wrong = verdicts.filter((v) => v.problems.length > 0);
      const table = {
        'battle days checked': verdicts.length,
        exact: verdicts.filter((v) => v.exact).length,
        late: verdicts.filter((v) => v.late).length,
        'with a range below 4': verdicts.filter((v) => v.ranged > 0).length,
        uncertain: verdicts.filter((v) => v.uncertain > 0).length,
        'race already finished': verdicts.filter((v) => v.raceFinished).length,
        'joiners excused around the reset': verdicts.reduce((n, v) => n + v.ambiguousJoiners, 0),
        'maintenance days': countMaintenanceDays(w),
        wrong: wrong.length,
      };
      const seconds = `${((used.user + used.system) / 1e6).toFixed(0)} s of CPU, ${((Date.now() - wall) / 1000).toFixed(0)} s`;
      console.log(`\nwar sweep ${FROM.slice(0, 10)} → ${TO.slice(0, 10)} (${seconds})\n${formatTable(table)}`);
      for (const v of wrong.slice(0, 10)) console.log(`WRONG ${v.key}: ${v.problems.join(' | ')}`);
      expect(verdicts.length).toBeGreaterThan(0);
      expect(wrong.map((v) => `${v.key}: ${v.problems.join(' | ')}`)).toEqual([]);
    },
    10 * 60_000,
  );
});

async function judgeEveryBattleDay(w: WarTimeline): Promise<Verdict[]> {
  const ledger = w.sim.state.ledger;
  const db = w.t.db.kysely;
  const reports = reportedDays(w.runs);
  const verdicts: Verdict[] = [];
  const from = new Date(FROM).getTime() + DAY;
  const to = new Date(TO).getTime() - DAY;
  // Every battle day whose end falls inside the sweep, from the simulator's own calendar.
  for (let t = from; t < to; t += DAY) {
    const info = w.sim.state.period(new Date(t));
    if (info.dayOfWeek < 3 || info.end.getTime() > to) continue;
    const day = (info.dayOfWeek - 2) as 1 | 2 | 3 | 4;
    const key = `${info.seasonId}/${info.sectionIndex}/${day}`;
    if (verdicts.some((v) => v.key === key)) continue;
    const problems: string[] = [];
    const found = reports.filter(
      (r) => r.day.seasonId === info.seasonId && r.day.sectionIndex === info.sectionIndex && r.day.day === day,
    );
    if (found.length !== 1) problems.push(`reported ${found.length} times`);
    const [first] = found;
    if (!first) {
      verdicts.push({
        key,
        late: false,
        exact: false,
        uncertain: 0,
        ranged: 0,
        raceFinished: false,
        ambiguousJoiners: 0,
        problems,
      });
      continue;
    }
    const { run, day: reported } = first;
    if (run.finishedAt < info.end)
      problems.push(`reported at ${run.finishedAt.toISOString()} before the reset at ${info.end.toISOString()}`);

    const finishedAt = ledger.finishedAt(info.seasonId, info.sectionIndex);
    const raceFinished = finishedAt !== null && finishedAt.getTime() <= info.start.getTime();
    if (reported.raceFinished !== raceFinished)
      problems.push(`race finished says ${reported.raceFinished}, ledger ${raceFinished}`);

    // The roster the report judged: the members the API listed at the report's poll.
    const rows = await db
      .selectFrom('war_day_decks')
      .selectAll()
      .where('season_id', '=', info.seasonId)
      .where('section_index', '=', info.sectionIndex)
      .where('day', '=', day)
      .execute();
    const members = ledger.membersAt(run.finishedAt);
    const rowTags = new Set(rows.map((r) => r.player_tag));
    for (const tag of members) if (!rowTags.has(tag)) problems.push(`${tag} (a member) is missing from the report`);
    const lastBefore = await db
      .selectFrom('war_state_cache')
      .select('taken_at')
      .where('taken_at', '<', info.start.toISOString())
      .orderBy('taken_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    let ambiguousJoiners = 0;
    for (const row of rows) {
      const tag = row.player_tag;
      if (!members.includes(tag)) problems.push(`${tag} was not a member when reported`);
      const truth = ledger.decksUsed(tag, info.seasonId, info.periodIndex);
      const joinedAt = ledger.membership(tag, run.finishedAt)?.joinedAt.getTime() ?? 0;
      const joinedDuringDay = joinedAt > info.start.getTime();
      const listed = reported.inactivePlayers.find((p) => p.tag === tag);
      switch (row.status) {
        case 'ok':
          if (truth !== 4) problems.push(`${tag} marked ok but used ${truth}`);
          break;
        case 'inactive':
        case 'uncertain':
          if (joinedDuringDay && !raceFinished) problems.push(`${tag} joined during the day but was judged`);
          if (truth < row.decks_used || truth > row.decks_used_max)
            problems.push(`${tag} used ${truth}, reported ${row.decks_used}–${row.decks_used_max}`);
          break;
        case 'joined-during-day': {
          const gapStart = lastBefore ? new Date(lastBefore.taken_at).getTime() : 0;
          if (joinedAt <= gapStart) problems.push(`${tag} excused as a joiner but was in the clan before the reset`);
          else if (!joinedDuringDay) ambiguousJoiners++;
          break;
        }
      }
      if (!raceFinished) {
        if (row.status === 'inactive' && !listed) problems.push(`${tag} inactive but not listed`);
        if (row.status !== 'inactive' && listed) problems.push(`${tag} listed but ${row.status}`);
        if (listed && truth === 4) problems.push(`${tag} used 4 but is listed`);
      } else if (listed) problems.push(`${tag} listed after the race was finished`);
    }
    verdicts.push({
      key,
      late: run.trigger !== 'schedule',
      exact: rows.every((r) => r.decks_used === r.decks_used_max),
      uncertain: reported.uncertain,
      ranged: rows.filter((r) => r.status === 'inactive' && r.decks_used !== r.decks_used_max).length,
      raceFinished,
      ambiguousJoiners,
      problems,
    });
  }
  return verdicts;
}

function countMaintenanceDays(w: WarTimeline): number {
  let n = 0;
  for (let t = new Date(FROM).getTime(); t < new Date(TO).getTime(); t += DAY) {
    if (w.sim.state.calendar.maintenanceOn(Math.floor(t / DAY))) n++;
  }
  return n;
}

function formatTable(rows: Record<string, number>): string {
  const width = Math.max(...Object.keys(rows).map((k) => k.length));
  return Object.entries(rows)
    .map(([k, v]) => `  ${k.padEnd(width)}  ${String(v).padStart(5)}`)
    .join('\n');
}
