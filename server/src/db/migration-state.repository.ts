import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Kysely's own record of the migrations run (its default table name). */
const MIGRATION_TABLE = 'kysely_migration';
/** app_settings key: the version that last changed the schema, so an older one can name it. */
const WRITTEN_BY = 'schema_migrated_by';

/** The names of the migrations this database has run, oldest first; none for a new database. */
export async function executedMigrations(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === MIGRATION_TABLE)) return [];
  const rows = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** The version recorded by the last start that migrated (absent before versions were recorded). */
export async function schemaMigratedBy(db: Kysely<Database>): Promise<string | null> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', WRITTEN_BY).executeTakeFirst();
  return row?.value ?? null;
}

export async function recordSchemaMigratedBy(db: Kysely<Database>, version: string): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key: WRITTEN_BY, value: version })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: version }))
    .execute();
}
