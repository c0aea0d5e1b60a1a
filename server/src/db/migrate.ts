import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m001 from './migrations/001-initial.js';
import * as m002 from './migrations/002-war-tracking.js';
import * as m003 from './migrations/003-admin-security.js';
import * as m004 from './migrations/004-clan-operations.js';
import * as m005 from './migrations/005-delivery-and-retention.js';
import * as m006 from './migrations/006-admin-security-2.js';
import * as m007 from './migrations/007-members-in-discord.js';
import * as m008 from './migrations/008-member-trophies.js';
import { clanFamily } from './migrations/009-clan-family.js';
import * as m010 from './migrations/010-discord-door.js';
import * as m011 from './migrations/011-member-days.js';
import * as m012 from './migrations/012-leaders-memory.js';
import * as m013 from './migrations/013-race-projection.js';
import * as m014 from './migrations/014-discord-roles.js';
import { executedMigrations, recordSchemaMigratedBy, schemaMigratedBy } from './migration-state.repository.js';
import type { Database } from './schema.js';
import { newerDatabase, MigrationFailed } from './migration-errors.js';

export interface MigrateOptions {
  /** the main clan's tag (CLAN_TAG): 009 gives an existing install's rows to it */
  mainClanTag?: string;
  /** the running version: recorded when it migrates, named in the message an older version shows */
  version?: string;
  /** runs before migrations change a database that has some already (start.ts: the automatic backup) */
  beforeMigrations?: (pending: string[]) => Promise<void>;
}

/** One migration folder for both engines, listed statically so the bundled server carries it. */
const migrations = (options: MigrateOptions): Record<string, Migration> => ({
  '001-initial': m001,
  '002-war-tracking': m002,
  '003-admin-security': m003,
  '004-clan-operations': m004,
  '005-delivery-and-retention': m005,
  '006-admin-security-2': m006,
  '007-members-in-discord': m007,
  '008-member-trophies': m008,
  '009-clan-family': clanFamily(options.mainClanTag),
  '010-discord-door': m010,
  '011-member-days': m011,
  '012-leaders-memory': m012,
  '013-race-projection': m013,
  '014-discord-roles': m014,
});

export const migrationProviderFor = (options: MigrateOptions): MigrationProvider => ({
  getMigrations: async () => migrations(options),
});

/**
 * Brings the schema up to date. A database that ran a migration this version does not know was upgraded by a newer
 * version: refused with what to do (restore the backup taken before the upgrade) instead of Kysely's "corrupted
 * migrations". A failure keeps the driver's error as its cause, so the start can tell a database that is away
 * (retry) from one that is wrong (docs/decisions/062-failed-start-exit-status.md).
 */
export async function migrateToLatest(db: Kysely<Database>, options: MigrateOptions): Promise<void> {
  const known = Object.keys(migrations(options));
  const executed = await executedMigrations(db);
  const unknown = executed.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw newerDatabase(unknown, await schemaMigratedBy(db), options.version);
  const pending = known.filter((name) => !executed.includes(name));
  if (pending.length === 0) return;
  if (executed.length > 0) await options.beforeMigrations?.(pending);
  const migrator = new Migrator({ db, provider: migrationProviderFor(options) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new MigrationFailed(error ?? failed?.migrationName);
  if (options.version) await recordSchemaMigratedBy(db, options.version);
}

/** Migrates up to and including `name`: tests that start from an earlier version's schema. */
export async function migrateTo(db: Kysely<Database>, name: string, options: MigrateOptions = {}): Promise<void> {
  const { error } = await new Migrator({ db, provider: migrationProviderFor(options) }).migrateTo(name);
  if (error) throw new MigrationFailed(error);
}
