import type { Selectable } from 'kysely';
import type { AdminUser } from '../../../../contracts/admin-auth.js';
import type { Db } from '../../db/database.js';
import type { AdminUsersTable } from '../../db/schema.js';

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

export function findAdminByUsername(db: Db, username: string): Promise<AdminUserRow | undefined> {
  return db.kysely.selectFrom('admin_users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findAdminById(db: Db, id: number): Promise<AdminUserRow | undefined> {
  return db.kysely.selectFrom('admin_users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Recovery emails are stored lowercased, so the lookup is exact. */
export function findAdminByEmail(db: Db, email: string): Promise<AdminUserRow | undefined> {
  return db.kysely.selectFrom('admin_users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('admin_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Sets a new hash and bumps token_version (SEC-JWT-06), which revokes every issued token, and
 * kills every outstanding reset link (SEC-RST-02), a pending recovery-email change and every
 * half-done TOTP login. Returns the new version.
 */
export async function replacePassword(
  db: Db,
  userId: number,
  passwordHash: string,
  mustChange: boolean,
  now: Date,
): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('admin_users')
      .set((eb) => ({
        password_hash: passwordHash,
        must_change_password: mustChange ? 1 : 0,
        token_version: eb('token_version', '+', 1),
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
export async function bumpTokenVersion(db: Db, userId: number, now: Date): Promise<void> {
  await db.kysely
    .updateTable('admin_users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now.toISOString() }))
    .where('id', '=', userId)
    .execute();
}

/** SEC-MAIL-01: one pending change at a time; a new request replaces the previous one. */
export async function setPendingEmail(
  db: Db,
  userId: number,
  change: { email: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.kysely
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
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ userId: number; previous: string | null; email: string } | null> {
  const nowIso = now.toISOString();
  return db.kysely.transaction().execute(async (trx) => {
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
