import { dayKeyText } from '../../modules/war/war-days.js';
import { latestSnapshotPosition } from '../../modules/war/war-state.repository.js';
import { makeCron } from '../cron.js';
import type { DataCatchUp, ScriptRunContext } from '../types.js';
import { endBounds, owedDays, titleOfDay } from './inactive-days.js';
import { WINDOW_MS } from './inactive-players.script.js';

const HOUR = 3_600_000;
/** A run later than this after a day's end would come after the next daily reset. */
const BEFORE_NEXT_RESET_MS = 20 * HOUR;

/**
 * Is a battle day owed a report that its scheduled run will not deliver (docs/war-tracking.md,
 * "Catch-up")? The run responsible for a day is the first occurrence whose window reaches the
 * moment the day's end was first seen. A catch-up is due when that run's window has closed
 * without reporting the day (it failed, was missed, or saw no reset), or when that run would
 * only come after the next daily reset (a reset delayed past the window).
 */
export async function inactiveCatchUp(
  app: ScriptRunContext['app'],
  clanTag: string,
  schedule: { cron: string; timezone: string },
  now: Date,
): Promise<DataCatchUp | null> {
  const latest = await latestSnapshotPosition(app.db.kysely, clanTag);
  if (!latest) return null;
  const [oldest] = await owedDays(app.db, clanTag, latest);
  if (!oldest) return null;
  const { after, seenBy } = await endBounds(app.db, clanTag, oldest);
  if (!seenBy) return null;
  const cron = makeCron(schedule.cron, schedule.timezone);
  const responsible = cron.nextRun(new Date(seenBy.getTime() - WINDOW_MS - 1));
  // The day ended after `after`: the next reset comes about a day after that, at the earliest.
  const resetBound = (after ?? seenBy).getTime();
  // The occurrence that would have reported the day, had the server been watching (orders catch-ups).
  const standsFor = cron.nextRun(new Date(resetBound - WINDOW_MS - 1)) ?? seenBy;
  const windowClosed = !responsible || now.getTime() >= responsible.getTime() + WINDOW_MS;
  const afterNextReset = !responsible || responsible.getTime() > resetBound + BEFORE_NEXT_RESET_MS;
  if (!windowClosed && !afterNextReset) return null;
  const hour = new Date(Math.floor(now.getTime() / HOUR) * HOUR).toISOString();
  return {
    occurrenceKey: `catch-up ${dayKeyText(oldest)} ${hour}`,
    occurrence: standsFor,
    note: `Catch-up: ${titleOfDay(oldest)} had not been reported by its scheduled run.`,
  };
}
