import type { Selectable } from 'kysely';
import type { AdminUser } from '#contracts/admin-auth';
import type { AdminUsersTable } from '../../db/schema.js';
import { inTransaction, type DbHandle } from '../../db/handle.js';

export type AdminUserRow = Selectable<AdminUsersTable>;

/** The public view of the row: never the hash, the token version or the TOTP secret. */
export function toAdminUser(row: AdminUserRow, now: Date): AdminUser {
  const pendingLive = row.pending_email_expires_at !== null && row.pending_email_expires_at > now.toISOString();
  return {
    id: row.id,
    username: row.username,
    mustChangePassword: row.must_change_password === 1,
    email: row.email,
    pendingEmail: pendingLive ? row.pending_email : null,
    totpEnabled: row.totp_secret !== null,
  };
}

export function findAdminByUsername(db: DbHandle, username: string): Promise<AdminUserRow | undefined> {
  return db.selectFrom('admin_users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findAdminById(db: DbHandle, id: number): Promise<AdminUserRow | undefined> {
  return db.selectFrom('admin_users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Recovery emails are stored lowercased, so the lookup is exact. */
export function findAdminByEmail(db: DbHandle, email: string): Promise<AdminUserRow | undefined> {
  return db.selectFrom('admin_users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function countAdmins(db: DbHandle): Promise<number> {
  const row = await db
    .selectFrom('admin_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Sets a new hash and bumps token_version (SEC-JWT-06), which revokes every issued token, and the
 * device generation, which forgets every device cookie; kills every outstanding reset link (SEC-RST-02), a pending recovery-email change and every
 * half-done TOTP login. Returns the new version.
 */
export async function replacePassword(
  db: DbHandle,
  userId: number,
  passwordHash: string,
  mustChange: boolean,
  now: Date,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('admin_users')
      .set((eb) => ({
        password_hash: passwordHash,
        must_change_password: mustChange ? 1 : 0,
        token_version: eb('token_version', '+', 1),
        device_generation: eb('device_generation', '+', 1),
        pending_email: null,
        pending_email_token_hash: null,
        pending_email_expires_at: null,
        updated_at: now.toISOString(),
      }))
      .where('id', '=', userId)
      .returning('token_version')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now.toISOString() })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
    await trx.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
    return row.token_version;
  });
}

/** SEC-JWT-07: logout revokes every issued token. */
export async function bumpTokenVersion(db: DbHandle, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('admin_users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now.toISOString() }))
    .where('id', '=', userId)
    .execute();
}

/** SEC-MAIL-01: one pending change at a time; a new request replaces the previous one. */
export async function setPendingEmail(
  db: DbHandle,
  userId: number,
  change: { email: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({
      pending_email: change.email.toLowerCase(),
      pending_email_token_hash: change.tokenHash,
      pending_email_expires_at: change.expiresAt.toISOString(),
      updated_at: change.now.toISOString(),
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Applies the pending address whose link was opened, once (the UPDATE is guarded by the token
 * hash, so of two parallel confirmations one wins), and kills every outstanding reset link:
 * a link mailed to the previous address must not outlive it.
 */
export async function applyPendingEmail(
  db: DbHandle,
  tokenHash: string,
  now: Date,
): Promise<{ userId: number; previous: string | null; email: string } | null> {
  const nowIso = now.toISOString();
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('admin_users')
      .select(['id', 'email', 'pending_email'])
      .where('pending_email_token_hash', '=', tokenHash)
      .where('pending_email_expires_at', '>', nowIso)
      .executeTakeFirst();
    if (!row?.pending_email) return null;
    const updated = await trx
      .updateTable('admin_users')
      .set({
        email: row.pending_email,
        pending_email: null,
        pending_email_token_hash: null,
        pending_email_expires_at: null,
        updated_at: nowIso,
      })
      .where('id', '=', row.id)
      .where('pending_email_token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return null;
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: nowIso })
      .where('user_id', '=', row.id)
      .where('used_at', 'is', null)
      .execute();
    return { userId: row.id, previous: row.email, email: row.pending_email };
  });
}

/** An unconfirmed recovery email or TOTP enrolment that ran out is forgotten. */
export async function clearExpiredPendingChanges(db: DbHandle, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  await db
    .updateTable('admin_users')
    .set({ pending_email: null, pending_email_token_hash: null, pending_email_expires_at: null })
    .where('pending_email_expires_at', '<=', nowIso)
    .execute();
  await db
    .updateTable('admin_users')
    .set({ totp_pending_secret: null, totp_pending_expires_at: null })
    .where('totp_pending_expires_at', '<=', nowIso)
    .execute();
}

/** The first admin (bootstrap or the shell reset): no row is written when the name is taken. */
export async function insertAdmin(
  db: DbHandle,
  admin: { username: string; passwordHash: string; mustChangePassword: boolean; now: Date },
): Promise<number | null> {
  const now = admin.now.toISOString();
  const row = await db
    .insertInto('admin_users')
    .values({
      username: admin.username,
      password_hash: admin.passwordHash,
      token_version: 0,
      must_change_password: admin.mustChangePassword ? 1 : 0,
      email: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The one admin account (the oldest row, should there ever be more). */
export function findFirstAdmin(db: DbHandle): Promise<AdminUserRow | undefined> {
  return db.selectFrom('admin_users').selectAll().orderBy('id').executeTakeFirst();
}
