import type { DbHandle } from '../db/handle.js';
import { dbNowIso } from '../db/db-clock.js';

/** A lease lives this long without a heartbeat; the runner renews it every LEASE_RENEW_MS. */
export const LEASE_TTL_MS = 2 * 60_000;
export const LEASE_RENEW_MS = 30_000;

/**
 * Takes the script's lease for `holder` unless another holder has a live one (REL-JOB-05). One
 * statement on both engines: insert, or take over an expired row. Expiry is judged by the
 * database's clock, so instances whose clocks disagree still agree on who holds a lease. The
 * holder is unique per run, so a second run in the same process is refused too.
 */
export async function acquireLease(db: DbHandle, scriptId: string, clanTag: string, holder: string): Promise<boolean> {
  const now = dbNowIso(db);
  const expires = dbNowIso(db, LEASE_TTL_MS);
  await db
    .insertInto('script_locks')
    .values({ script_id: scriptId, clan_tag: clanTag, holder, acquired_at: now, expires_at: expires })
    .onConflict((oc) =>
      oc
        .columns(['script_id', 'clan_tag'])
        .doUpdateSet({ holder, acquired_at: now, expires_at: expires })
        .where('script_locks.expires_at', '<', now),
    )
    .execute();
  return holdsLease(db, scriptId, clanTag, holder);
}

/** Extends a live lease; false when `holder` no longer holds it (it expired and was taken). */
export async function renewLease(db: DbHandle, scriptId: string, clanTag: string, holder: string): Promise<boolean> {
  const result = await db
    .updateTable('script_locks')
    .set({ expires_at: dbNowIso(db, LEASE_TTL_MS) })
    .where('script_id', '=', scriptId)
    .where('clan_tag', '=', clanTag)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function holdsLease(db: DbHandle, scriptId: string, clanTag: string, holder: string): Promise<boolean> {
  const row = await db
    .selectFrom('script_locks')
    .select('holder')
    .where('script_id', '=', scriptId)
    .where('clan_tag', '=', clanTag)
    .executeTakeFirst();
  return row?.holder === holder;
}

export async function releaseLease(db: DbHandle, scriptId: string, clanTag: string, holder: string): Promise<void> {
  await db
    .deleteFrom('script_locks')
    .where('script_id', '=', scriptId)
    .where('clan_tag', '=', clanTag)
    .where('holder', '=', holder)
    .execute();
}

/** One clan's scripts whose lease is live now, by the database's clock (held by any instance). */
export async function liveLeases(db: DbHandle, clanTag: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('script_locks')
    .select('script_id')
    .where('clan_tag', '=', clanTag)
    .where('expires_at', '>=', dbNowIso(db))
    .execute();
  return new Set(rows.map((r) => r.script_id));
}
