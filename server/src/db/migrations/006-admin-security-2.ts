import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations never import app code (docs/architecture.md §2); they take the handle as Kysely<any>.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Admin security, second pass (docs/security.md):
 * - `device_generation`: device cookies are signed over it, and a password change, a reset or a
 *   TOTP change bumps it, so every device cookie issued before stops counting as known;
 * - `audit_events`: changes the admin should hear about (message templates), listed in Account
 *   Settings and mailed;
 * - a one-time marker: the session signing key in use before this version may sit in old
 *   database backups, so it is replaced once at the next start (docs/decisions/016-signing-key-file.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('admin_users')
    .addColumn('device_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('audit_events')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('mailed_at', 'text')
    .execute();
  await db.schema.createIndex('audit_events_created').on('audit_events').column('created_at').execute();

  await db.insertInto('app_settings').values({ key: 'signing_key_rotation_due', value: '1' }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('app_settings').where('key', '=', 'signing_key_rotation_due').execute();
  await db.schema.dropTable('audit_events').ifExists().execute();
  await db.schema.alterTable('admin_users').dropColumn('device_generation').execute();
}
