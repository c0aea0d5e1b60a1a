import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * The database server's current time plus `offsetMs`, as ISO-8601 UTC text like every stored
 * timestamp (docs/decisions/002-timestamps.md). Instances sharing one database compare leases
 * against this one clock, never against their own (docs/architecture.md §8).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dbNowIso(db: Kysely<any>, offsetMs = 0): RawBuilder<string> {
  const seconds = (offsetMs / 1000).toFixed(3);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const at = sql`(clock_timestamp() at time zone 'UTC') + make_interval(secs => ${Number(seconds)}::double precision)`;
    return sql<string>`to_char(${at}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  return sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`${Number(seconds) >= 0 ? '+' : ''}${seconds} seconds`})`;
}
