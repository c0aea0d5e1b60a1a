import { SCRIPT_URL_SEGMENTS, type ScriptId } from '#contracts/admin-scripts';
import { inactiveCatchUp } from './clan/inactive-catch-up.js';
import { replayInactivePlayers, runInactivePlayers, WINDOW_MS } from './clan/inactive-players.script.js';
import { runMonthlyFame } from './clan/monthly-fame.script.js';
import { runRiverRaceLog } from './clan/river-race-log.script.js';
import { runWarReminders } from './clan/war-reminders.script.js';
import { nextReminderDue } from '../modules/reminders/reminders.service.js';
import type { AnyScriptDefinition, RegisteredScript } from './types.js';

const MINUTE = 60_000;

/** The three clan scripts (docs/product.md §3, docs/war-tracking.md), with the spec's default schedules (§9). */
export const inactivePlayersScript: RegisteredScript<'inactive-players'> = {
  id: 'inactive-players',
  urlSegment: SCRIPT_URL_SEGMENTS['inactive-players'],
  name: 'Inactive player detection',
  purpose:
    'Finds members who did not use all 4 war decks on the battle day that just ended, and posts them to Discord by decks used (0/4 to 3/4).',
  benefits:
    'Exact counts from the game’s own daily totals, so a last-minute attack is never ' +
    'reported as missed; leavers are left out and new joiners are flagged, not blamed.',
  scheduleInfo:
    'Runs daily around the war reset: it watches a ±40 minute window around its time, checking every 3 minutes until the reset happens, then reports.',
  tables: ['clan_members', 'war_state_cache'],
  defaultSchedule: '55 5 * * *',
  // Missed and failed days are caught up from the data before the next reset (docs/war-tracking.md).
  missedRunPolicy: 'skip',
  dataCatchUp: inactiveCatchUp,
  busyRetryMs: WINDOW_MS,
  resumeWindowMs: WINDOW_MS,
  timeoutMs: 90 * MINUTE,
  run: runInactivePlayers,
  replay: replayInactivePlayers,
};

export const riverRaceLogScript: RegisteredScript<'river-race-log'> = {
  id: 'river-race-log',
  urlSegment: SCRIPT_URL_SEGMENTS['river-race-log'],
  name: 'River race log',
  purpose:
    'Stores every participant of every finished war week: fame, decks used, boat attacks, the clan’s rank and trophy change.',
  benefits:
    'Keeps war history beyond the game’s last 10 weeks and feeds the public records (strongest week, highest war day) and monthly fame.',
  scheduleInfo:
    'Runs weekly on Monday after the war week closes; the first run backfills every week the game still lists, and reruns add nothing twice.',
  tables: ['river_race_data'],
  defaultSchedule: '0 10 * * 1',
  missedRunPolicy: 'once',
  timeoutMs: 10 * MINUTE,
  /** the API down at the scheduled time: tried again hourly for a day (docs/war-tracking.md §8) */
  retryFailedMs: 24 * 60 * MINUTE,
  run: runRiverRaceLog,
};

export const monthlyFameScript: RegisteredScript<'monthly-fame'> = {
  id: 'monthly-fame',
  urlSegment: SCRIPT_URL_SEGMENTS['monthly-fame'],
  name: 'Monthly fame spotlight',
  purpose:
    'Adds up each player’s war fame per month (a week counts in the month it ends, New York time) and crowns the monthly champions.',
  benefits:
    'Recognises the clan’s most active players on the public page; on the final Monday of the month it posts the top 20 to Discord.',
  scheduleInfo: 'Runs weekly on Monday, an hour after the river race log, so the newest week is already stored.',
  tables: ['monthly_spotlight'],
  defaultSchedule: '0 11 * * 1',
  missedRunPolicy: 'once',
  timeoutMs: 10 * MINUTE,
  /** the API down at the scheduled time: tried again hourly for a day (docs/war-tracking.md §8) */
  retryFailedMs: 24 * 60 * MINUTE,
  run: runMonthlyFame,
};

export const warRemindersScript: RegisteredScript<'war-reminders'> = {
  id: 'war-reminders',
  urlSegment: SCRIPT_URL_SEGMENTS['war-reminders'],
  name: 'War reminders',
  purpose:
    'Before the daily war reset, polls the river race and posts who still has decks ' +
    'to play today, by decks used (0/4 to 3/4), mentioning linked Discord members.',
  benefits:
    'A nudge while there is still time: nothing is sent on training days, after the clan finished the race, or once everyone has played.',
  scheduleInfo:
    'Runs at the times you choose before the reset, which is predicted from the resets seen in the last days (never a fixed clock).',
  tables: ['war_state_cache'],
  // Not cron: scheduled by `nextDue` from the predicted reset and the admin's offsets.
  defaultSchedule: '',
  missedRunPolicy: 'skip',
  nextDue: (app, clanTag, now) => nextReminderDue(app.db.kysely, clanTag, now),
  timeoutMs: 10 * MINUTE,
  run: runWarReminders,
};

export const scriptRegistry: Record<ScriptId, AnyScriptDefinition> = {
  'inactive-players': inactivePlayersScript,
  'river-race-log': riverRaceLogScript,
  'monthly-fame': monthlyFameScript,
  'war-reminders': warRemindersScript,
};

export const defaultScriptDefinitions: AnyScriptDefinition[] = Object.values(scriptRegistry);
