import { riverRaceWeekMessage } from '../../modules/war/discord-messages.js';
import { insertRiverRaceWeek, isWeekStored, upsertRiverRaceDays } from '../../modules/war/river-race.repository.js';
import { weekTitle } from '../../modules/war/titles.js';
import type { RiverRaceLogWeek } from '../../modules/war/types.js';
import type { DiscordMessage, ScriptRunContext, ScriptWrite } from '../types.js';
import { pollWar, recordPoll, warSource, type WarPoll } from './war-data.js';
import { giveFameStrikes } from './auto-strikes.js';
import { weeklySummary } from './war-summary.js';

/** The API keeps 10 weeks (docs/clash-royale-api.md §6.4): the first run backfills them all. */
const FULL_LOG = 10;
/** Once weeks are stored, the newest few are enough (a full log is up to 1.9 MB, docs/clash-royale-api.md §6.4). */
const ROUTINE_LOG = 3;

/** What storing the log's new weeks adds to a run: its lines, the week message, and the writes. */
export interface LogWeeks {
  poll: WarPoll;
  /** finished weeks in the log that are not stored yet, newest first */
  missing: RiverRaceLogWeek[];
  outputs: string[];
  discord: DiscordMessage[];
  write: ScriptWrite;
}

/**
 * Reads the river race log and prepares every finished week not stored yet (docs/war-tracking.md
 * §7): its participants, rank, trophy change, clan fame and finish, plus the closed battle days'
 * medals. The newest week's message goes with the run that stores it, whichever script that is
 * (river-race-log, or monthly-fame making sure the month's last week is in).
 */
export async function readLogWeeks(ctx: ScriptRunContext): Promise<LogWeeks> {
  const db = ctx.app.db.kysely;
  let poll = await pollWar(warSource(ctx), ROUTINE_LOG);
  const unstored = async (weeks: RiverRaceLogWeek[]) => {
    const out: RiverRaceLogWeek[] = [];
    for (const week of weeks)
      if (!(await isWeekStored(db, ctx.clanTag, week.seasonId, week.sectionIndex))) out.push(week);
    return out;
  };
  // Nothing of the newest weeks is stored yet (first run, or weeks off): read the whole log.
  if ((await unstored(poll.log)).length === poll.log.length) poll = await pollWar(warSource(ctx), FULL_LOG);
  await recordPoll(ctx.app.db, ctx.clanTag, poll);
  const { snapshot, log, members } = poll;
  const missing = await unstored(log);
  const newest = log[0];
  const currentTags = new Set(members.map((m) => m.tag));
  const closedDays = snapshot.periodLogs;
  const now = ctx.clock.now();

  const outputs = missing.map(
    (w) =>
      `Stored ${weekTitle(w.seasonId, w.sectionIndex, w.createdDate)}: ${w.participants.length} ` +
      `participants, rank ${w.clanRank}, ${w.trophyChange >= 0 ? '+' : ''}${w.trophyChange} trophies`,
  );
  if (missing.length === 0) outputs.push('Every finished week in the log is already stored.');
  if (closedDays.length > 0)
    outputs.push(`Kept medal totals of ${closedDays.length} closed battle day(s) of season ${snapshot.seasonId}.`);

  const discord: DiscordMessage[] = [];
  if (newest !== undefined && missing.includes(newest)) {
    discord.push(
      riverRaceWeekMessage({
        title: weekTitle(newest.seasonId, newest.sectionIndex, newest.createdDate),
        clanRank: newest.clanRank,
        trophyChange: newest.trophyChange,
        clanFame: newest.clanFame,
        participants: newest.participants,
      }),
      ...(await weeklySummary(ctx, log)),
    );
  }
  return {
    poll,
    missing,
    outputs,
    discord,
    write: async (trx) => {
      let added = 0;
      // Who was a member at the end is known for the newest week only (docs/war-tracking.md).
      for (const week of missing)
        added += await insertRiverRaceWeek(trx, ctx.clanTag, week, week === newest ? currentTags : null, now);
      const sections = new Set(closedDays.map((d) => Math.floor(d.periodIndex / 7)));
      for (const section of sections)
        await upsertRiverRaceDays(trx, ctx.clanTag, snapshot.seasonId, section, closedDays, now);
      // the newest finished week, judged once it is stored: a week below the fame minimum (when the clan chose it)
      if (newest !== undefined && missing.includes(newest)) await giveFameStrikes(trx, ctx.clanTag, now);
      ctx.log.info({ added }, 'river race log rows stored');
    },
  };
}
