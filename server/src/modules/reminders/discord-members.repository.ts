import type { DbHandle } from '../../db/handle.js';

/** SQL of discord_members: each Discord user's choice for war reminders (docs/discord.md). */

export const REMINDER_MODES = ['dm', 'channel', 'off'] as const;
export type ReminderMode = (typeof REMINDER_MODES)[number];

/** The user's choice; a channel mention until they choose. */
export async function reminderModeOf(db: DbHandle, discordUserId: string): Promise<ReminderMode> {
  const row = await db
    .selectFrom('discord_members')
    .select('reminder_mode')
    .where('discord_user_id', '=', discordUserId)
    .executeTakeFirst();
  return (REMINDER_MODES as readonly string[]).includes(row?.reminder_mode ?? '')
    ? (row!.reminder_mode as ReminderMode)
    : 'channel';
}

export async function setReminderMode(
  db: DbHandle,
  discordUserId: string,
  mode: ReminderMode,
  now: Date,
): Promise<void> {
  const values = { reminder_mode: mode, updated_at: now.toISOString() };
  await db
    .insertInto('discord_members')
    .values({ discord_user_id: discordUserId, ...values })
    .onConflict((oc) => oc.column('discord_user_id').doUpdateSet(values))
    .execute();
}
