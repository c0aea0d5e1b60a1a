import type { MonthlyFameResult } from '../../../../contracts/admin-scripts.js';
import { monthlyTopMessage } from '../../modules/war/discord-messages.js';
import { aggregateMonthly, rankByFame } from '../../modules/war/monthly.js';
import { rebuildMonthlySpotlight } from '../../modules/war/monthly-spotlight.repository.js';
import { currentNewYorkMonth, isFinalMondayOfMonth } from '../../modules/war/new-york.js';
import { listStoredWeekRows } from '../../modules/war/river-race.repository.js';
import type { ScriptOutcome, ScriptRunContext } from '../types.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * monthly-fame (docs/war-tracking.md): rebuilds monthly_spotlight from river_race_data (a week counts in
 * the New York month of its end), idempotently. On the final Monday of the month (New York) it
 * posts the month's top 20 to Discord, ties sharing a rank.
 */
export async function runMonthlyFame(ctx: ScriptRunContext): Promise<ScriptOutcome<MonthlyFameResult>> {
  const now = ctx.clock.now();
  // The month is that of the occurrence served: a Tuesday catch-up of the final Monday still
  // posts the month that just ended (docs/war-tracking.md).
  const when = ctx.scheduledFor ?? now;
  const spotlight = aggregateMonthly(await listStoredWeekRows(ctx.app.db.kysely));
  const { year, month } = currentNewYorkMonth(when);
  const thisMonth = spotlight.filter((r) => r.year === year && r.month === month);
  const finalMonday = isFinalMondayOfMonth(when);
  const top = rankByFame(
    thisMonth.map((r) => ({ playerTag: r.playerTag, playerName: r.playerName, fameEarned: r.fameEarned })),
  );
  const label = `${MONTHS[month - 1]} ${year}`;
  const months = new Set(spotlight.map((r) => `${r.year}-${r.month}`)).size;

  return {
    result: { playerCount: thisMonth.length },
    message:
      `${label}: ${thisMonth.length} players with war fame; spotlight rebuilt for ${months} month(s).` +
      (finalMonday ? ' Final Monday of the month: top 20 posted.' : ''),
    outputs: top.slice(0, 20).map((e) => `${e.rank}. ${e.playerName} (${e.playerTag}): ${e.fameEarned} fame`),
    dataProcessed: spotlight.length,
    discord: finalMonday ? [monthlyTopMessage(year, month, top)] : [],
    write: async (trx) => {
      await rebuildMonthlySpotlight(trx, now);
    },
  };
}
