import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** What every repository takes: the database, or a transaction already open on it. */
export type DbHandle = Kysely<Database> | Transaction<Database>;

/** Runs `work` in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(db: DbHandle, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}
