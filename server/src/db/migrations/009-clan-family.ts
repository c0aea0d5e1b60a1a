import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import { CLAN_TABLES, CLAN_SETTINGS_PATTERNS, type ClanTable } from './009-clan-family-tables.js';

// Migrations never import app code (docs/architecture.md §2); they take the handle as Kysely<any>.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A clan family (docs/decisions/100-clan-family-data-model.md): every row of clan data names its clan, the clans are
 * rows of `clans`, per-clan settings move to `clan_settings`, and moves within the family get `member_moves`. An
 * existing install's rows become the main clan's, the tag it is handed; without one it stops rather than guess.
 */
export function clanFamily(mainClanTag: string | undefined): Migration {
  return {
    up: async (db) => {
      if (!mainClanTag) throw new Error('the clan family step needs CLAN_TAG');
      const pg = db.getExecutor().adapter instanceof PostgresAdapter;
      if (pg) return up(db, mainClanTag, true);
      // Kysely runs SQLite migrations outside a transaction: one of our own, so a failure leaves 008 untouched.
      await db.transaction().execute((trx) => up(trx, mainClanTag, false));
    },
    down: async (db) => {
      const clans = await db
        .selectFrom('clans')
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(clans.n) > 1) throw new Error('a family of several clans cannot go back to one clan per database');
      throw new Error('the clan family step cannot be undone; restore the backup taken before the upgrade');
    },
  };
}

async function up(db: Kysely<any>, tag: string, pg: boolean): Promise<void> {
  const held = await holdsClanData(db);
  if (held) await refuseAnotherClan(db, tag);
  await createFamilyTables(db, pg);
  for (const table of CLAN_TABLES) {
    if (pg) await keyByClanPostgres(db, table, tag);
    else await rebuildSqlite(db, table, tag);
  }
  for (const table of ['alerts', 'audit_events']) {
    await db.schema.alterTable(table).addColumn('clan_tag', 'text').execute();
  }
  await sql`UPDATE alerts SET clan_tag = ${tag} WHERE script_run_id IS NOT NULL`.execute(db);
  await sql`UPDATE audit_events SET clan_tag = ${tag} WHERE kind LIKE 'template-%'`.execute(db);
  const now = new Date().toISOString();
  await db.insertInto('clans').values({ tag, name: null, role: 'main', position: 0, added_at: now }).execute();
  for (const pattern of CLAN_SETTINGS_PATTERNS) {
    await sql`INSERT INTO clan_settings (clan_tag, key, value)
      SELECT ${tag}, key, value FROM app_settings WHERE key LIKE ${pattern}`.execute(db);
    await sql`DELETE FROM app_settings WHERE key LIKE ${pattern}`.execute(db);
  }
  if (held) await db.insertInto('app_settings').values({ key: 'family.seeded_at', value: now }).execute();
}

async function holdsClanData(db: Kysely<any>): Promise<boolean> {
  for (const table of CLAN_TABLES) {
    const row = await db
      .selectFrom(table.name)
      .select(sql`1`.as('one'))
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

/** Live cache keys (`live:<clan tag>:<endpoint>`) that name only other clans: the data is another clan's. */
async function refuseAnotherClan(db: Kysely<any>, tag: string): Promise<void> {
  const rows = await db.selectFrom('api_cache').select('key').where('key', 'like', 'live:%').execute();
  const tags = new Set(rows.map((r: { key: string }) => r.key.split(':')[1]).filter(Boolean));
  if (tags.size === 0 || tags.has(tag)) return;
  const other = [...tags].join(', ');
  throw new Error(
    `the stored data belongs to ${other}, not to CLAN_TAG ${tag}; start once with CLAN_TAG=${other} to carry it over, ` +
      'then add the other clan to the family',
  );
}

async function createFamilyTables(db: Kysely<any>, pg: boolean): Promise<void> {
  await db.schema
    .createTable('clans')
    .addColumn('tag', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text')
    .addColumn('webhook_url', 'text')
    .execute();
  await db.schema
    .createIndex('clans_one_main')
    .on('clans')
    .column('role')
    .unique()
    .where('role', '=', 'main')
    .execute();
  await db.schema
    .createTable('clan_settings')
    .addColumn('clan_tag', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('clan_settings_pk', ['clan_tag', 'key'])
    .execute();
  const moves = db.schema.createTable('member_moves');
  await (
    pg
      ? moves.addColumn('id', 'serial', (c) => c.primaryKey())
      : moves.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('player_tag', 'text', (c) => c.notNull())
    .addColumn('from_clan_tag', 'text', (c) => c.notNull())
    .addColumn('to_clan_tag', 'text', (c) => c.notNull())
    .addColumn('left_at', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('member_moves_unique', ['player_tag', 'to_clan_tag', 'joined_at'])
    .execute();
  await db.schema.createIndex('member_moves_player').on('member_moves').column('player_tag').execute();
}

/** PostgreSQL changes keys in place (the migration runs in Kysely's transaction). */
async function keyByClanPostgres(db: Kysely<any>, table: ClanTable, tag: string): Promise<void> {
  const t = sql.table(table.name);
  await sql`ALTER TABLE ${t} ADD COLUMN clan_tag text`.execute(db);
  await sql`UPDATE ${t} SET clan_tag = ${tag}`.execute(db);
  await sql`ALTER TABLE ${t} ALTER COLUMN clan_tag SET NOT NULL`.execute(db);
  for (const column of table.addedColumns ?? []) {
    await sql`ALTER TABLE ${t} ADD COLUMN ${sql.ref(column.name)} text`.execute(db);
  }
  if (table.key) {
    await sql`ALTER TABLE ${t} DROP CONSTRAINT ${sql.ref(table.key.pgOldName)}`.execute(db);
    const kind = table.key.unique ? sql`UNIQUE` : sql`PRIMARY KEY`;
    const cols = sql.join(table.key.columns.map((c) => sql.ref(c)));
    await sql`ALTER TABLE ${t} ADD CONSTRAINT ${sql.ref(table.key.name)} ${kind} (${cols})`.execute(db);
  }
  await replaceIndexes(db, table);
  for (const column of table.addedColumns ?? []) {
    if (column.notNullFrom) {
      await sql`UPDATE ${t} SET ${sql.ref(column.name)} = ${sql.ref(column.notNullFrom)}`.execute(db);
      await sql`ALTER TABLE ${t} ALTER COLUMN ${sql.ref(column.name)} SET NOT NULL`.execute(db);
    }
  }
}

/**
 * SQLite cannot change a key nor add a `not null` column without a default: the table is rebuilt with the new key,
 * its rows copied with the tag bound as a parameter, ids kept and the id sequence carried over (no id handed out
 * twice), then its indexes recreated.
 */
async function rebuildSqlite(db: Kysely<any>, table: ClanTable, tag: string): Promise<void> {
  const next = `${table.name}_next`;
  const added = (table.addedColumns ?? []).map((c) => `, "${c.name}" text${c.notNullFrom ? ' not null' : ''}`).join('');
  const key = table.key
    ? `, constraint "${table.key.name}" ${table.key.unique ? 'unique' : 'primary key'} (${quoted(table.key.columns)})`
    : '';
  await sql.raw(`CREATE TABLE "${next}" ("clan_tag" text not null, ${table.sqliteColumns}${added}${key})`).execute(db);
  const columns = quoted(table.copiedColumns);
  const fills = (table.addedColumns ?? []).map((c) => `, "${c.notNullFrom ?? c.name}"`).join('');
  const addedNames = (table.addedColumns ?? []).map((c) => `, "${c.name}"`).join('');
  await sql`INSERT INTO ${sql.table(next)} (clan_tag, ${sql.raw(columns)}${sql.raw(addedNames)})
    SELECT ${tag}, ${sql.raw(columns)}${sql.raw(fills)} FROM ${sql.table(table.name)}`.execute(db);
  let sequence: number | undefined;
  if (table.autoIncrement) {
    const row = await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = ${table.name}`.execute(db);
    sequence = row.rows[0]?.seq;
  }
  await db.schema.dropTable(table.name).execute();
  await db.schema.alterTable(next).renameTo(table.name).execute();
  if (sequence !== undefined) {
    await sql`DELETE FROM sqlite_sequence WHERE name = ${table.name}`.execute(db);
    await sql`INSERT INTO sqlite_sequence (name, seq)
      SELECT ${table.name}, max(${sequence}, coalesce(max(id), 0)) FROM ${sql.table(table.name)}`.execute(db);
  }
  for (const index of table.indexes) await createIndex(db, table.name, index);
}

async function replaceIndexes(db: Kysely<any>, table: ClanTable): Promise<void> {
  for (const index of table.indexes) {
    await db.schema.dropIndex(index.name).ifExists().execute();
    await createIndex(db, table.name, index);
  }
}

async function createIndex(db: Kysely<any>, table: string, index: { name: string; columns: string[] }) {
  await db.schema.createIndex(index.name).on(table).columns(index.columns).execute();
}

const quoted = (columns: string[]) => columns.map((c) => `"${c}"`).join(', ');
