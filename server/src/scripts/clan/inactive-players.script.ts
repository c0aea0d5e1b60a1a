import type { InactivePlayersResult } from '#contracts/admin-scripts';
import { ClashRoyaleApiError } from '../../clients/clash-royale/errors.js';
import { excusesForDays } from '../../modules/members/day-excuses.js';
import { withExcuses } from '../../modules/members/excused.js';
import { listCurrentRoster } from '../../modules/war/roster.repository.js';
import type { BattleDay } from '../../modules/war/types.js';
import { giveAutoStrikes } from './auto-strikes.js';
import { findDayReport, insertDayReport, type StoredDayReport } from '../../modules/war/war-day-report.repository.js';
import {
  dayKeyText,
  hasEnded,
  previousWeek,
  type BattleDayKey,
  type RacePosition,
} from '../../modules/war/war-days.js';
import { latestSnapshot } from '../../modules/war/war-state.repository.js';
import type { ReplayOutcome, ScriptOutcome, ScriptRunContext } from '../types.js';
import { buildDay, newestComputableDay, owedDays, titleOfDay, type DayInputs } from './inactive-days.js';
import { dayOutput } from './inactive-report.js';
import { pollWar, recordPoll, warSource, type WarPoll } from './war-data.js';
import { projectionLineFor } from '../../modules/war/projection/projection-line.service.js';

const MINUTE = 60_000;
/** A scheduled run watches ±40 minutes around its time, polling every 3 minutes (docs/product.md §9). */
export const WINDOW_MS = 40 * MINUTE;
export const POLL_MS = 3 * MINUTE;
/** Log items a poll asks for: the week that just closed and the one before. */
const LOG_ITEMS = 2;

interface Plan {
  ready: StoredDayReport[];
  waiting: BattleDayKey[];
}

/** Every owed battle day: reportable now, or waiting for its week's log item (day 4). */
async function planOwed(ctx: ScriptRunContext, poll: WarPoll): Promise<Plan> {
  const db = ctx.app.db;
  const plan: Plan = { ready: [], waiting: [] };
  for (const key of await owedDays(db, ctx.clanTag, poll.snapshot)) {
    const built = await buildDay(db, ctx.clanTag, key, dayInputs(ctx, poll));
    if (built.kind === 'ready') plan.ready.push(built.stored);
    else plan.waiting.push(built.key);
  }
  return plan;
}

/** The family's other active clans: a member's day is judged across them (docs/war-tracking.md §5). */
function family(ctx: ScriptRunContext): { tag: string; name: string }[] {
  return ctx.app.clans
    .active()
    .filter((c) => c.tag !== ctx.clanTag)
    .map((c) => ({ tag: c.tag, name: c.name ?? c.tag }));
}

function dayInputs(ctx: ScriptRunContext, poll: WarPoll): DayInputs {
  return { roster: poll.members, log: poll.log, now: ctx.clock.now(), family: family(ctx) };
}

/**
 * inactive-players (docs/war-tracking.md). Resets are seen in the data: a battle day is owed a
 * report once a poll shows a later (season, section, period) than that day. A scheduled run
 * reports every owed day at once, oldest first; with nothing owed yet it polls every 3 minutes
 * until the +40 minute mark, and leaves what has not ended for the next run or a catch-up. A
 * failed poll is retried at the next one. A manual run does not wait: it reports the newest
 * ended day that can be computed.
 */
export async function runInactivePlayers(ctx: ScriptRunContext): Promise<ScriptOutcome<InactivePlayersResult>> {
  if (ctx.trigger === 'manual' || ctx.trigger === 'cli') return manualRun(ctx);
  const windowEnd = ctx.scheduledFor ? ctx.scheduledFor.getTime() + WINDOW_MS : null;
  const errors: string[] = [];
  let polls = 0;
  let last: WarPoll | null = null;
  let lastError: ClashRoyaleApiError | null = null;
  let plan: Plan = { ready: [], waiting: [] };
  for (;;) {
    try {
      const poll = await pollWar(warSource(ctx), LOG_ITEMS);
      polls += 1;
      last = poll;
      await recordPoll(ctx.app.db, ctx.clanTag, poll);
      plan = await planOwed(ctx, poll);
      if (plan.ready.length > 0 && plan.waiting.length === 0) break;
    } catch (err) {
      if (!(err instanceof ClashRoyaleApiError)) throw err;
      lastError = err;
      errors.push(`Poll at ${ctx.clock.now().toISOString().slice(11, 16)} UTC failed: ${err.userMessage}`);
    }
    if (windowEnd === null || ctx.clock.now().getTime() + POLL_MS > windowEnd) break;
    await ctx.clock.sleep(POLL_MS, ctx.signal);
    await ctx.heartbeat();
  }
  if (!last) throw lastError ?? new Error('no poll was made');
  return outcome(ctx, last, plan, {
    polls,
    errors,
    windowEnd,
    shown: await excusedNow(ctx, plan.ready),
    projection: await projectionNow(ctx, last, plan),
  });
}

async function manualRun(ctx: ScriptRunContext): Promise<ScriptOutcome<InactivePlayersResult>> {
  const poll = await pollWar(warSource(ctx), LOG_ITEMS);
  await recordPoll(ctx.app.db, ctx.clanTag, poll);
  const stored = await newestComputableDay(ctx.app.db, ctx.clanTag, poll.snapshot, dayInputs(ctx, poll));
  const owed = new Set((await owedDays(ctx.app.db, ctx.clanTag, poll.snapshot)).map(dayKeyText));
  const plan: Plan = { ready: stored ? [stored] : [], waiting: [] };
  return outcome(ctx, poll, plan, {
    polls: 1,
    errors: [],
    windowEnd: null,
    store: (s) => owed.has(dayKeyText(s.report)),
    shown: await excusedNow(ctx, plan.ready),
    projection: await projectionNow(ctx, poll, plan),
  });
}

/** The race projection's line for the newest report, from the poll that saw the reset, when switched on. */
async function projectionNow(ctx: ScriptRunContext, poll: WarPoll, plan: Plan): Promise<string | null> {
  if (plan.ready.length === 0) return null;
  const members = poll.members.map((m) => m.tag);
  return projectionLineFor(ctx.app.db.kysely, ctx.clanTag, poll.race, members, ctx.clock.now());
}

function outcome(
  ctx: ScriptRunContext,
  poll: WarPoll,
  plan: Plan,
  run: {
    polls: number;
    errors: string[];
    windowEnd: number | null;
    store?: (s: StoredDayReport) => boolean;
    /** the day as it is shown now: excused absences applied */
    shown: (s: StoredDayReport) => StoredDayReport;
    /** the projection line the newest day's report ends with (null when off) */
    projection: string | null;
  },
): ScriptOutcome<InactivePlayersResult> {
  const days = plan.ready.map((s, i) => ({
    stored: s,
    out: dayOutput(run.shown(s), i === plan.ready.length - 1 ? { projection: run.projection } : {}),
  }));
  const newest = days.at(-1);
  const { snapshot } = poll;
  const polled =
    `Polled the river race ${run.polls} time(s); now season ${snapshot.seasonId}, week ` +
    `${snapshot.sectionIndex + 1}, period ${snapshot.periodIndex} (${snapshot.periodType}).`;
  const pending = plan.waiting.map(
    (k) =>
      `${titleOfDay(k)} is pending: the war log does not list that week yet, so it will be reported by the next run.`,
  );
  let message = days.map((d) => d.out.line).join('; ');
  if (days.length === 0) {
    message =
      plan.waiting.length > 0
        ? 'Nothing reported yet.'
        : run.windowEnd !== null && ctx.trigger === 'schedule'
          ? 'No battle day has ended since the last report: no daily reset was seen in the window. The day will be reported once the reset shows.'
          : 'No battle day has ended since the last report.';
  }
  if (pending.length > 0) message += ` ${pending.join(' ')}`;
  const store = run.store ?? (() => true);
  return {
    result: {
      inactivePlayers: newest?.out.result.inactivePlayers ?? [],
      currentDay: newest?.stored.report.day ?? null,
      reportedDays: days.map((d) => d.out.result),
    },
    message,
    outputs: [polled, ...days.flatMap((d) => [d.out.line, ...d.out.outputs])],
    errors: run.errors,
    dataProcessed: poll.members.length,
    discord: days.map((d) => d.out.discord),
    write: async (trx) => {
      for (const d of days) if (store(d.stored)) await insertDayReport(trx, ctx.clanTag, d.stored, ctx.runId);
      const season = days.at(-1)?.stored.report.seasonId;
      if (season !== undefined) await giveAutoStrikes(trx, ctx.clanTag, season, ctx.clock.now());
    },
  };
}

/**
 * Re-sends the report of battle day `day` of the newest war week in which that day has ended,
 * the week named by (season, section) from the stored snapshots, never by section alone. The
 * stored report is sent again as it was; a day never reported is computed from stored data.
 */
export async function replayInactivePlayers(ctx: ScriptRunContext, day: BattleDay): Promise<ReplayOutcome> {
  const db = ctx.app.db;
  const latest = await latestSnapshot(db.kysely, ctx.clanTag);
  if (!latest)
    return {
      playersNotified: 0,
      message: `No war snapshot is stored yet: battle day ${day} cannot be replayed.`,
      discord: [],
    };
  const key = newestEndedOccurrence(latest, day);
  let stored = await findDayReport(db.kysely, ctx.clanTag, key);
  if (!stored) {
    const roster = await listCurrentRoster(db.kysely, ctx.clanTag);
    const built = await buildDay(db, ctx.clanTag, key, { roster, log: [], now: ctx.clock.now(), family: family(ctx) });
    if (built.kind === 'waiting-for-log') {
      return {
        playersNotified: 0,
        message: `${titleOfDay(key)} cannot be replayed yet: the war log does not list that week yet.`,
        discord: [],
      };
    }
    stored = built.stored;
  }
  const out = dayOutput((await excusedNow(ctx, [stored]))(stored), { replay: true });
  const notified = stored.report.raceFinished ? 0 : stored.report.players.filter((p) => p.status !== 'ok').length;
  return { playersNotified: notified, message: `Replayed ${out.line}`, outputs: out.outputs, discord: [out.discord] };
}

/** The days as they are shown: stored without excuses, excused by the absences approved now. */
async function excusedNow(
  ctx: ScriptRunContext,
  days: readonly StoredDayReport[],
): Promise<(s: StoredDayReport) => StoredDayReport> {
  const excuses = await excusesForDays(
    ctx.app.db.kysely,
    days.map((d) => d.report),
  );
  return (s) => ({ ...s, report: { ...s.report, players: withExcuses(s.report.players, excuses(s.report)) } });
}

/** Battle day `day` of the current week when it has ended, else of the week before. */
function newestEndedOccurrence(position: RacePosition, day: BattleDay): BattleDayKey {
  const thisWeek: BattleDayKey = { seasonId: position.seasonId, sectionIndex: position.sectionIndex, day };
  return hasEnded(thisWeek, position) ? thisWeek : { ...previousWeek(position.seasonId, position.sectionIndex), day };
}
