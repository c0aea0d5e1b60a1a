import type { MonthlyFameResult } from '#contracts/admin-scripts';
import { ClashRoyaleApiError } from '../../clients/clash-royale/errors.js';
import { monthlyTopMessage } from '../../modules/war/discord-messages.js';
import { rebuildMonthlySpotlight } from '../../modules/war/monthly-spotlight.repository.js';
import { currentNewYorkMonth, isFinalMondayOfMonth } from '../../modules/war/new-york.js';
import { isWeekStored } from '../../modules/war/river-race.repository.js';
import { previousWeek } from '../../modules/war/war-days.js';
import { latestSnapshotPosition } from '../../modules/war/war-state.repository.js';
import type { DiscordMessage, ScriptOutcome, ScriptRunContext } from '../types.js';
import { markProvisional, monthlyCorrection, monthTop, MONTH_NAMES, readProvisional } from './monthly-correction.js';
import { readLogWeeks, type LogWeeks } from './river-race-weeks.js';

type WeekKey = { seasonId: number; sectionIndex: number };

/**
 * monthly-fame (docs/war-tracking.md §7): rebuilds monthly_spotlight from river_race_data (a week
 * counts in the New York month of its end), idempotently. On the final Monday of the month (New
 * York) it posts the month's top 20, ties sharing a rank, after making sure the month's last week
 * (the one that ended at that Monday's reset) is stored: it reads the log itself when
 * river-race-log has not stored it. If the log cannot be read, the list is posted as incomplete
 * and a correction follows once the week is stored.
 */
export async function runMonthlyFame(ctx: ScriptRunContext): Promise<ScriptOutcome<MonthlyFameResult>> {
  const db = ctx.app.db.kysely;
  const now = ctx.clock.now();
  // The month is that of the occurrence served: a Tuesday catch-up of the final Monday still
  // posts the month that just ended (docs/war-tracking.md).
  const when = ctx.scheduledFor ?? now;
  const finalMonday = isFinalMondayOfMonth(when);
  const { year, month } = currentNewYorkMonth(when);
  const label = `${MONTH_NAMES[month - 1]} ${year}`;

  let weeks: LogWeeks | null = null;
  let logError: string | null = null;
  if (finalMonday || (await readProvisional(db, ctx.clanTag))) {
    try {
      weeks = await readLogWeeks(ctx);
    } catch (err) {
      if (!(err instanceof ClashRoyaleApiError)) throw err;
      logError = err.userMessage;
    }
  }
  const adding = weeks?.missing ?? [];
  const lastWeek = finalMonday ? await monthsLastWeek(ctx, weeks) : null;
  const missing =
    lastWeek &&
    !adding.some((w) => sameWeek(w, lastWeek)) &&
    !(await isWeekStored(db, ctx.clanTag, lastWeek.seasonId, lastWeek.sectionIndex))
      ? lastWeek
      : null;
  const correction = weeks ? await monthlyCorrection(ctx, adding) : null;
  const { spotlight, thisMonth, ranked } = await monthTop(db, ctx.clanTag, adding, year, month);
  const months = new Set(spotlight.map((r) => `${r.year}-${r.month}`)).size;

  const discord: DiscordMessage[] = [...(weeks?.discord ?? []), ...(correction?.discord ?? [])];
  if (finalMonday) discord.push(monthlyTopMessage(year, month, ranked));
  if (missing) discord.push(incompleteNotice(label, missing, logError));
  const posted = finalMonday
    ? missing
      ? ` Final Monday of the month: top 20 posted without ${weekName(missing)} (not stored yet); a correction will follow.`
      : ' Final Monday of the month: top 20 posted.'
    : '';
  return {
    result: { playerCount: thisMonth.length },
    message:
      `${label}: ${thisMonth.length} players with war fame; spotlight rebuilt for ${months} month(s).${posted}` +
      (correction ? ` ${correction.line}` : ''),
    outputs: [
      ...(weeks?.outputs ?? []),
      ...(logError ? [`The war log could not be read: ${logError}`] : []),
      ...ranked.map((e) => `${e.rank}. ${e.playerName} (${e.playerTag}): ${e.fameEarned} fame`),
    ],
    errors: logError ? [`The war log could not be read: ${logError}`] : [],
    dataProcessed: spotlight.length,
    discord,
    write: async (trx) => {
      await weeks?.write(trx);
      await correction?.write(trx);
      if (missing) await markProvisional(trx, ctx.clanTag, { year, month, ...missing });
      await rebuildMonthlySpotlight(trx, ctx.clanTag, now);
    },
  };
}

/** The week that ended at the final Monday's reset: the one before the live race, as the data shows it. */
async function monthsLastWeek(ctx: ScriptRunContext, weeks: LogWeeks | null): Promise<WeekKey | null> {
  const live = weeks?.poll.snapshot ?? (await latestSnapshotPosition(ctx.app.db.kysely, ctx.clanTag));
  if (!live) return null;
  // On a training day (Monday to Wednesday: a catch-up may come a day late) the race is the next
  // week; a battle-day snapshot (the API is down since before that reset) is still in the last week.
  if (live.periodIndex % 7 >= 3) return { seasonId: live.seasonId, sectionIndex: live.sectionIndex };
  return previousWeek(live.seasonId, live.sectionIndex);
}

function sameWeek(a: WeekKey, b: WeekKey): boolean {
  return a.seasonId === b.seasonId && a.sectionIndex === b.sectionIndex;
}

function weekName(w: WeekKey): string {
  return `Season ${w.seasonId} · Week ${w.sectionIndex + 1}`;
}

function incompleteNotice(label: string, week: WeekKey, logError: string | null): DiscordMessage {
  const why = logError ? 'the war log could not be read' : 'the war log does not list it yet';
  return {
    content: `This top 20 for ${label} does not include ${weekName(week)} yet: ${why}. A corrected list will be posted once that week is stored.`,
  };
}
