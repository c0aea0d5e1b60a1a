import type { RiverRaceResult } from '../../../../contracts/admin-scripts.js';
import { riverRaceWeekMessage } from '../../modules/war/discord-messages.js';
import { insertRiverRaceWeek, isWeekStored, upsertRiverRaceDays } from '../../modules/war/river-race.repository.js';
import { weekTitle } from '../../modules/war/titles.js';
import type { RiverRaceLogWeek } from '../../modules/war/types.js';
import type { ScriptOutcome, ScriptRunContext } from '../types.js';
import { pollWar, recordPoll, warSource } from './war-data.js';
import { weeklySummary } from './war-summary.js';

/** The API keeps 10 weeks (docs/clash-royale-api.md §6.4): the first run backfills them all. */
const FULL_LOG = 10;
/** Once weeks are stored, the newest few are enough (a full log is up to 1.9 MB, docs/clash-royale-api.md §6.4). */
const ROUTINE_LOG = 3;

/**
 * river-race-log (docs/war-tracking.md): stores every participant of every finished week not stored
 * yet, with the week's rank, trophy change and clan fame, plus the closed battle days' medal
 * totals (highest war day). Idempotent: a rerun adds nothing.
 */
export async function runRiverRaceLog(ctx: ScriptRunContext): Promise<ScriptOutcome<RiverRaceResult>> {
  const db = ctx.app.db.kysely;
  let poll = await pollWar(warSource(ctx), ROUTINE_LOG);
  const unstored = async (weeks: RiverRaceLogWeek[]) => {
    const out: RiverRaceLogWeek[] = [];
    for (const week of weeks) if (!(await isWeekStored(db, week.seasonId, week.sectionIndex))) out.push(week);
    return out;
  };
  // Nothing of the newest weeks is stored yet (first run, or weeks off): read the whole log.
  if ((await unstored(poll.log)).length === poll.log.length) poll = await pollWar(warSource(ctx), FULL_LOG);
  await recordPoll(ctx.app.db, poll);
  const { snapshot, log, members } = poll;
  const missing = await unstored(log);

  const newest = log[0];
  const memberCount = newest ? newest.participants.length : 0;
  const currentTags = new Set(members.map((m) => m.tag));
  const closedDays = snapshot.periodLogs;
  const now = ctx.clock.now();
  let added = 0;

  const outputs = missing.map(
    (w) =>
      `Stored ${weekTitle(w.seasonId, w.sectionIndex, w.createdDate)}: ${w.participants.length} participants, rank ${w.clanRank}, ${w.trophyChange >= 0 ? '+' : ''}${w.trophyChange} trophies`,
  );
  if (missing.length === 0) outputs.push('Every finished week in the log is already stored.');
  if (closedDays.length > 0)
    outputs.push(`Kept medal totals of ${closedDays.length} closed battle day(s) of season ${snapshot.seasonId}.`);

  const newestIsNew = newest !== undefined && missing.includes(newest);
  const discord = newestIsNew
    ? [
        riverRaceWeekMessage({
          title: weekTitle(newest.seasonId, newest.sectionIndex, newest.createdDate),
          clanRank: newest.clanRank,
          trophyChange: newest.trophyChange,
          clanFame: newest.clanFame,
          participants: newest.participants,
        }),
      ]
    : [];
  if (newestIsNew) discord.push(...(await weeklySummary(ctx, log)));

  return {
    result: { memberCount },
    message: newest
      ? `${missing.length} new week(s) stored; newest week ${weekTitle(newest.seasonId, newest.sectionIndex, newest.createdDate)} has ${memberCount} participants.`
      : 'The river race log is empty: no finished week to store.',
    outputs,
    dataProcessed: missing.reduce((n, w) => n + w.participants.length, 0),
    discord,
    write: async (trx) => {
      // Who was a member at the end is known for the newest week only (docs/war-tracking.md).
      for (const week of missing)
        added += await insertRiverRaceWeek(trx, week, week === newest ? currentTags : null, now);
      const sections = new Set(closedDays.map((d) => Math.floor(d.periodIndex / 7)));
      for (const section of sections) await upsertRiverRaceDays(trx, snapshot.seasonId, section, closedDays, now);
      ctx.log.info({ added }, 'river race log rows stored');
    },
  };
}
