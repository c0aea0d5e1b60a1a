import type { DbHandle } from '../db/handle.js';

export interface StoredSchedule {
  cron: string;
  updatedAt: string;
}

/** Stores the spec's default for every script that has no schedule yet (docs/product.md §9). */
export async function ensureDefaultSchedules(
  db: DbHandle,
  clanTag: string,
  defaults: { id: string; cron: string }[],
  now: Date,
): Promise<void> {
  for (const d of defaults) {
    await db
      .insertInto('script_schedules')
      .values({ script_id: d.id, clan_tag: clanTag, cron: d.cron, updated_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['script_id', 'clan_tag']).doNothing())
      .execute();
  }
}

export async function loadSchedules(db: DbHandle, clanTag: string): Promise<Map<string, StoredSchedule>> {
  const rows = await db.selectFrom('script_schedules').selectAll().where('clan_tag', '=', clanTag).execute();
  return new Map(rows.map((r) => [r.script_id, { cron: r.cron, updatedAt: r.updated_at }]));
}

export async function saveSchedule(
  db: DbHandle,
  scriptId: string,
  clanTag: string,
  cron: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('script_schedules')
    .values({ script_id: scriptId, clan_tag: clanTag, cron, updated_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['script_id', 'clan_tag']).doUpdateSet({ cron, updated_at: now.toISOString() }))
    .execute();
}
