import {
  listRosterEntries,
  listWarDays,
  listWarWeeks,
  readWarRules,
} from '../../modules/war/insights/war-insights.repository.js';
import { excusedDatesUntil, excusedDays } from '../../modules/war/insights/excused-reading.js';
import { buildWarReport, type WarWeek } from '../../modules/war/insights/war-report.js';
import { warSummaryMessage } from '../../modules/war/insights/war-summary-message.js';
import { weekTitle } from '../../modules/war/titles.js';
import type { RiverRaceLogWeek } from '../../modules/war/types.js';
import type { WarDiscordMessage } from '../../modules/war/discord-messages.js';
import type { ScriptRunContext } from '../types.js';

/**
 * The optional weekly War summary (docs/war-insights.md), built when the river race log stores a new
 * newest week and the admin switched it on: the stored weeks plus the ones just read (not yet
 * written), judged by the clan's rules. Delivered with the run's other messages.
 */
export async function weeklySummary(
  ctx: ScriptRunContext,
  log: readonly RiverRaceLogWeek[],
): Promise<WarDiscordMessage[]> {
  const db = ctx.app.db.kysely;
  const rules = await readWarRules(db, ctx.clanTag);
  const newest = log[0];
  if (!rules.weeklySummary || !newest) return [];
  const stored = await listWarWeeks(db, ctx.clanTag);
  const read: WarWeek[] = log
    .filter((n) => !stored.some((w) => w.seasonId === n.seasonId && w.sectionIndex === n.sectionIndex))
    .map((w) => ({ ...w, participants: w.participants.map((p) => ({ ...p })) }));
  const weeks = [...read, ...stored].sort((a, b) => b.createdDate.getTime() - a.createdDate.getTime());
  const since = Math.min(...weeks.slice(0, 10).map((w) => w.seasonId));
  const [storedDays, roster, excusedDates] = await Promise.all([
    listWarDays(db, ctx.clanTag, since),
    listRosterEntries(db, ctx.clanTag),
    excusedDatesUntil(db, ctx.clock.now()),
  ]);
  const days = await excusedDays(db, storedDays);
  const report = buildWarReport({ rules, weeks, days, roster, now: ctx.clock.now(), excusedDates });
  return [warSummaryMessage(report, weekTitle(newest.seasonId, newest.sectionIndex, newest.createdDate))];
}
