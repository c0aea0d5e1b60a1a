import {
  DEFAULT_REMINDER_OFFSETS,
  reminderSettingsInputSchema,
  type ReminderSettings,
} from '#contracts/admin-reminders';
import type { AppContext } from '../../app-context.js';
import { readClanSetting, writeClanSetting } from '../settings/clan-settings.repository.js';
import { observedResets, predictNextReset, type ResetPrediction } from '../war/reset-prediction.js';
import { listSnapshotPositions } from '../war/war-state.repository.js';
import { reminderTimes } from './reminder-times.js';

type DbHandle = AppContext['db']['kysely'];

const OFFSETS_KEY = 'war-reminders.offsets';
/** '1' when the reminder and the day report carry the race projection's line (off until switched on). */
const PROJECTION_LINE_KEY = 'war-reminders.projection-line';
const DAY = 86_400_000;
/** Resets of the last week make the prediction (reset-prediction.ts takes the newest seven). */
const LOOKBACK_MS = 8 * DAY;

/** The admin's reminder times, minutes before the predicted reset (the defaults until saved). */
export async function loadOffsets(db: DbHandle, clanTag: string): Promise<number[]> {
  const raw = await readClanSetting(db, clanTag, OFFSETS_KEY);
  if (raw === null) return [...DEFAULT_REMINDER_OFFSETS];
  const parsed = reminderSettingsInputSchema.safeParse({ offsetsMinutes: JSON.parse(raw) as unknown });
  return parsed.success ? parsed.data.offsetsMinutes : [...DEFAULT_REMINDER_OFFSETS];
}

export async function saveOffsets(db: DbHandle, clanTag: string, offsets: readonly number[]): Promise<void> {
  await writeClanSetting(db, clanTag, OFFSETS_KEY, JSON.stringify([...offsets].sort((a, b) => b - a)));
}

/** Whether the battle-day reminder and the day report carry the projection line (docs/reminders.md). */
export async function loadProjectionLineOn(db: DbHandle, clanTag: string): Promise<boolean> {
  return (await readClanSetting(db, clanTag, PROJECTION_LINE_KEY)) === '1';
}

export async function saveProjectionLineOn(db: DbHandle, clanTag: string, on: boolean): Promise<void> {
  await writeClanSetting(db, clanTag, PROJECTION_LINE_KEY, on ? '1' : '0');
}

/** The next reset predicted from the resets the stored snapshots show (docs/reminders.md). */
export async function predictReset(db: DbHandle, clanTag: string, now: Date): Promise<ResetPrediction | null> {
  const positions = await listSnapshotPositions(db, clanTag, new Date(now.getTime() - LOOKBACK_MS));
  return predictNextReset(observedResets(positions), now);
}

/** The next instant a reminder is due, or null while too few resets were observed. */
export async function nextReminderDue(db: DbHandle, clanTag: string, now: Date): Promise<Date | null> {
  const times = reminderTimes(await predictReset(db, clanTag, now), await loadOffsets(db, clanTag), now);
  return times[0] ?? null;
}

/** What the admin panel shows and edits. */
export function createRemindersService(ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'clans'>) {
  const db = ctx.db.kysely;
  const main = () => ctx.clans.main.tag;
  return {
    async settings(clanTag = main()): Promise<ReminderSettings> {
      const now = ctx.clock.now();
      const [prediction, offsets, projectionLine] = await Promise.all([
        predictReset(db, clanTag, now),
        loadOffsets(db, clanTag),
        loadProjectionLineOn(db, clanTag),
      ]);
      return {
        offsetsMinutes: offsets,
        projectionLine,
        prediction: prediction
          ? { at: prediction.at.toISOString(), marginMs: prediction.margin, basis: prediction.basis }
          : null,
        nextReminders: reminderTimes(prediction, offsets, now).map((d) => d.toISOString()),
        timezone: ctx.config.SCHEDULE_TIMEZONE,
      };
    },
    /** Saves the times and, when given, whether the projection line is on. */
    async setOffsets(
      offsets: readonly number[],
      clanTag = main(),
      projectionLine?: boolean,
    ): Promise<ReminderSettings> {
      await saveOffsets(db, clanTag, offsets);
      if (projectionLine !== undefined) await saveProjectionLineOn(db, clanTag, projectionLine);
      return this.settings(clanTag);
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
