import type { InactivePlayersResult } from '../../../../contracts/admin-scripts.js';
import { periodIndexOf } from '../../modules/war/calendar.js';
import { battleDayEndedByReset, battleDayEndedBefore } from '../../modules/war/reset.js';
import { observeRoster } from '../../modules/war/roster.repository.js';
import { insertSnapshot, listSnapshotsBetween } from '../../modules/war/war-state.repository.js';
import type { RiverRaceSnapshot } from '../../modules/war/types.js';
import type { ReplayOutcome, ScriptOutcome, ScriptRunContext } from '../types.js';
import { locateEndedDay, newestEndedDay, reportDay, summarise, titleOf, type DayToReport } from './inactive-report.js';
import { POLL_MS, planWindow } from './reset-window.js';
import { pollWar, rosterForReport, type WarPoll } from './war-data.js';

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/** Snapshots that can describe a war week: the last 9 days, so day 4 of last week is included. */
const HISTORY_MS = 9 * 24 * 60 * 60_000;

/**
 * inactive-players (docs/war-tracking.md). A scheduled run polls every 3 minutes inside its ±40 minute
 * window until it sees the daily reset (periodIndex changes), then reports the battle day that
 * ended; a manual run reports the newest ended battle day at once. `sleep` is injected so tests
 * drive the window with a manual clock.
 */
export function createInactivePlayersRun(sleep: Sleep = realSleep) {
  return async function runInactivePlayers(ctx: ScriptRunContext): Promise<ScriptOutcome<InactivePlayersResult>> {
    const polls: WarPoll[] = [await pollWar(ctx)];
    let target: DayToReport | null;
    let waitNote: string | null = null;

    const scheduled = ctx.scheduledFor !== null && (ctx.trigger === 'schedule' || ctx.trigger === 'catch-up');
    const plan = scheduled
      ? planWindow(ctx.clock.now(), ctx.scheduledFor!, polls[0]!.log)
      : ({ kind: 'report-now' } as const);
    if (plan.kind === 'wait-for-reset') {
      const first = polls[0]!.snapshot;
      let ended = null;
      while (!ended && ctx.clock.now() < plan.until) {
        await sleep(Math.min(POLL_MS, plan.until.getTime() - ctx.clock.now().getTime()), ctx.signal);
        await ctx.heartbeat();
        const poll = await pollWar(ctx);
        polls.push(poll);
        ended = battleDayEndedByReset(first, poll.snapshot);
        if (!ended && poll.snapshot.periodIndex !== first.periodIndex) break; // a training day ended
      }
      const last = polls[polls.length - 1]!;
      target = ended ? locateEndedDay(last.snapshot, ended, last.log) : null;
      if (!ended)
        waitNote =
          last.snapshot.periodIndex === first.periodIndex
            ? 'No daily reset was seen inside the ±40 minute window.'
            : null;
    } else {
      target = newestEndedDay(polls[0]!.snapshot, polls[0]!.log);
    }

    const last = polls[polls.length - 1]!;
    const now = ctx.clock.now();
    const db = ctx.app.db.kysely;
    const stored = await db.selectFrom('clan_members').select(['tag', 'first_seen_at', 'left_at']).execute();
    const roster = rosterForReport(last.members, stored, now);
    const snapshots = await listSnapshotsBetween(db, new Date(now.getTime() - HISTORY_MS), now);
    const fresh = polls.map((p) => p.snapshot);
    const write = async (trx: Parameters<NonNullable<ScriptOutcome['write']>>[0]) => {
      for (const s of fresh) await insertSnapshot(trx, s);
      await observeRoster(trx, last.members, now);
    };
    const polled = `Polled the river race ${polls.length} time(s); current period ${last.snapshot.periodIndex} (${last.snapshot.periodType}).`;

    if (!target) {
      const why =
        waitNote ??
        (battleDayEndedBefore(last.snapshot.periodIndex) === null
          ? 'No battle day ended: the day that just ended was a training day.'
          : 'No battle day ended.');
      return {
        result: { inactivePlayers: [], currentDay: null },
        message: why,
        outputs: [polled],
        dataProcessed: last.members.length,
        write,
      };
    }

    const all: RiverRaceSnapshot[] = [...snapshots, ...fresh];
    const report = reportDay(target, all, roster);
    const title = titleOf(target, all);
    const { message, outputs, discord } = summarise(report, title);
    const inactivePlayers = report.players
      .filter((p) => p.status === 'inactive')
      .map((p) => ({ tag: p.tag, name: p.name, decksUsed: p.decksUsed }));
    return {
      result: { inactivePlayers, currentDay: report.day },
      message: `${title} — ${message}`,
      outputs: [polled, ...outputs],
      dataProcessed: last.members.length,
      discord: [discord],
      write,
    };
  };
}

/** Re-sends the report of battle day `day` of the newest war week from stored snapshots. */
export async function replayInactivePlayers(ctx: ScriptRunContext, day: 1 | 2 | 3 | 4): Promise<ReplayOutcome> {
  const db = ctx.app.db.kysely;
  const now = ctx.clock.now();
  const snapshots = await listSnapshotsBetween(db, new Date(now.getTime() - 5 * HISTORY_MS), now);
  const newest = snapshots[snapshots.length - 1];
  if (!newest)
    return {
      playersNotified: 0,
      message: `No war snapshot is stored yet: battle day ${day} cannot be replayed.`,
      discord: [],
    };
  // The newest week in which that day has ended: this week, or the week before.
  const endedThisWeek = newest.periodIndex > periodIndexOf(newest.sectionIndex, day);
  const sectionIndex = endedThisWeek ? newest.sectionIndex : newest.sectionIndex - 1;
  const seasonId = endedThisWeek ? newest.seasonId : null;
  const logWeek = day === 4 ? await storedLogWeek(ctx, sectionIndex) : null;
  const stored = await db
    .selectFrom('clan_members')
    .select(['tag', 'name', 'first_seen_at', 'left_at'])
    .where('left_at', 'is', null)
    .execute();
  const roster = rosterForReport(stored, stored, now);
  const target: DayToReport = {
    seasonId: seasonId ?? logWeek?.seasonId ?? null,
    sectionIndex,
    day,
    logWeek,
    weekStartAt: null,
  };
  const report = reportDay(target, snapshots, roster);
  const title = titleOf(target, snapshots);
  const { message, outputs, discord } = summarise(report, title);
  return {
    playersNotified: report.players.filter((p) => p.status !== 'ok').length,
    message: `Replayed ${title} — ${message}`,
    outputs,
    discord: [discord],
  };
}

/** Day 4 ends at the newest riverracelog entry; the river-race-log script stores it. */
async function storedLogWeek(ctx: ScriptRunContext, sectionIndex: number) {
  const rows = await ctx.app.db.kysely
    .selectFrom('river_race_data')
    .selectAll()
    .where('section_index', '=', sectionIndex)
    .orderBy('created_date', 'desc')
    .execute();
  const first = rows[0];
  if (!first) return null;
  const same = rows.filter((r) => r.season_id === first.season_id);
  return {
    seasonId: first.season_id,
    sectionIndex,
    createdDate: new Date(first.created_date),
    clanRank: first.clan_rank,
    trophyChange: first.trophy_change,
    clanFame: first.clan_fame,
    participants: same.map((r) => ({
      tag: r.player_tag,
      name: r.player_name,
      fame: r.fame,
      decksUsed: r.decks_used,
      boatAttacks: r.boat_attacks,
      repairPoints: r.repair_points,
    })),
  };
}
