import type { DbHandle as Handle } from '../../db/handle.js';
import type { Database } from '../../db/schema.js';

/** What the simulated clan's history wrote: cleared when the demo starts over (DEMO_RESET=1). */
const DEMO_TABLES = [
  'war_day_decks',
  'war_day_reports',
  'war_state_cache',
  'clan_members',
  'member_moves',
  'member_stints',
  'clan_log',
  'river_race_data',
  'river_race_days',
  'monthly_spotlight',
  'member_trophies',
  'discord_outbox',
  'script_runs',
  'script_locks',
  'api_cache',
  'discord_links',
  'discord_members',
  'excused_absences',
] as const satisfies readonly (keyof Database)[];

export async function clearDemoData(db: Handle): Promise<void> {
  for (const table of DEMO_TABLES) await db.deleteFrom(table).execute();
}
