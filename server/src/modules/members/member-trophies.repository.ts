import type { DbHandle } from '../../db/handle.js';

/** How long a member's daily trophies are kept: a year of trend and a little more. */
export const TROPHY_RETENTION_DAYS = 400;
const DAY_MS = 86_400_000;

/** 2026-11-22T09:40:00Z → "2026-11-22" (UTC). */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * member_trophies from one roster observation: at most one row per member and UTC day (the day's first
 * observation stays). When the day brought new rows, the rows of day 400 back and older are pruned.
 */
export async function recordDailyTrophies(
  db: DbHandle,
  members: readonly { tag: string; trophies: number }[],
  at: Date,
): Promise<void> {
  if (members.length === 0) return;
  const day = utcDay(at);
  const result = await db
    .insertInto('member_trophies')
    .values(members.map((m) => ({ player_tag: m.tag, day, trophies: m.trophies })))
    .onConflict((oc) => oc.columns(['player_tag', 'day']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) return;
  const expired = utcDay(new Date(at.getTime() - TROPHY_RETENTION_DAYS * DAY_MS));
  await db.deleteFrom('member_trophies').where('day', '<=', expired).execute();
}

/** One player's stored days, oldest first. */
export async function listMemberTrophies(db: DbHandle, tag: string): Promise<{ day: string; trophies: number }[]> {
  return db
    .selectFrom('member_trophies')
    .select(['day', 'trophies'])
    .where('player_tag', '=', tag)
    .orderBy('day', 'asc')
    .execute();
}
