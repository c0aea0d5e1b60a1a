import type { DbHandle } from '../db/handle.js';

export interface StoredSchedule {
  cron: string;
  updatedAt: string;
}

/** Stores the spec's default for every script that has no schedule yet (docs/product.md §9). */
export async function ensureDefaultSchedules(
  db: DbHandle,
  defaults: { id: string; cron: string }[],
  now: Date,
): Promise<void> {
  for (const d of defaults) {
    await db
      .insertInto('script_schedules')
      .values({ script_id: d.id, cron: d.cron, updated_at: now.toISOString() })
      .onConflict((oc) => oc.column('script_id').doNothing())
      .execute();
  }
}

export async function loadSchedules(db: DbHandle): Promise<Map<string, StoredSchedule>> {
  const rows = await db.selectFrom('script_schedules').selectAll().execute();
  return new Map(rows.map((r) => [r.script_id, { cron: r.cron, updatedAt: r.updated_at }]));
}

export async function saveSchedule(db: DbHandle, scriptId: string, cron: string, now: Date): Promise<void> {
  await db
    .insertInto('script_schedules')
    .values({ script_id: scriptId, cron, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column('script_id').doUpdateSet({ cron, updated_at: now.toISOString() }))
    .execute();
}
