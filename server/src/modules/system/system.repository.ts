import type { DbHandle } from '../../db/handle.js';

export interface StoredRows {
  scriptRuns: number;
  discordMessages: number;
  /** Discord messages not delivered yet (pending or waiting for a retry) */
  undelivered: number;
  alerts: number;
  warSnapshots: number;
}

async function count(db: DbHandle, table: 'script_runs' | 'discord_outbox' | 'alerts' | 'war_state_cache') {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** How many rows the growing tables hold (the system card; docs/architecture.md §8 "Growth"). */
export async function storedRowCounts(db: DbHandle): Promise<StoredRows> {
  const undelivered = await db
    .selectFrom('discord_outbox')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', 'in', ['pending', 'failed'])
    .executeTakeFirst();
  return {
    scriptRuns: await count(db, 'script_runs'),
    discordMessages: await count(db, 'discord_outbox'),
    undelivered: Number(undelivered?.n ?? 0),
    alerts: await count(db, 'alerts'),
    warSnapshots: await count(db, 'war_state_cache'),
  };
}
