import { sql, SqliteAdapter } from 'kysely';
import type { DbHandle } from '../../db/handle.js';

/**
 * After a secret stored in plain text was sealed at start (TOTP secrets, clans' webhooks), the plain text must not
 * linger on disk. SQLite runs with `secure_delete` on (db/database.ts), so the bytes a changed row freed are zeroed in
 * the page written to the WAL; a TRUNCATE checkpoint then copies those pages into the database file and empties the
 * WAL, so neither keeps the old text (docs/security.md §9). PostgreSQL keeps old row versions until VACUUM reuses
 * their space: nothing here can overwrite them (docs/security.md §14).
 */
export async function overwriteFreedPages(db: DbHandle): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
}
