import { type Kysely } from 'kysely';

// Migrations never import app code (docs/architecture.md §2); they take the handle as Kysely<any>.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Admin security (docs/security.md): a recovery-email change waits for its confirmation link,
 * optional TOTP with hashed single-use recovery codes, and the short-lived challenge between the
 * password step and the code step of a login. SQLite adds one column per ALTER TABLE.
 */
const ADMIN_COLUMNS: [string, 'text' | 'integer'][] = [
  ['pending_email', 'text'],
  ['pending_email_token_hash', 'text'],
  ['pending_email_expires_at', 'text'],
  ['totp_secret', 'text'],
  ['totp_pending_secret', 'text'],
  ['totp_pending_expires_at', 'text'],
  ['totp_last_step', 'integer'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of ADMIN_COLUMNS) {
    await db.schema.alterTable('admin_users').addColumn(name, type).execute();
  }

  await db.schema
    .createTable('totp_recovery_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('token_version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  // The pruning job deletes by these columns (docs/security.md, "Pruning").
  await db.schema.createIndex('rate_limits_window').on('rate_limits').column('window_started_at').execute();
  await db.schema
    .createIndex('password_reset_tokens_expires')
    .on('password_reset_tokens')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('password_reset_tokens_expires').ifExists().execute();
  await db.schema.dropIndex('rate_limits_window').ifExists().execute();
  await db.schema.dropTable('login_challenges').ifExists().execute();
  await db.schema.dropTable('totp_recovery_codes').ifExists().execute();
  for (const [name] of [...ADMIN_COLUMNS].reverse()) {
    await db.schema.alterTable('admin_users').dropColumn(name).execute();
  }
}
