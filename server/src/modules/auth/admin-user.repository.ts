import type { Selectable } from 'kysely';
import type { AdminUser } from '../../../../contracts/admin-auth.js';
import type { Db } from '../../db/database.js';
import type { AdminUsersTable } from '../../db/schema.js';

export type AdminUserRow = Selectable<AdminUsersTable>;

/** The public view of the row: never the hash or the token version. */
export function toAdminUser(row: AdminUserRow): AdminUser {
  return { id: row.id, username: row.username, mustChangePassword: row.must_change_password === 1, email: row.email };
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
 * Sets a new hash and bumps token_version (SEC-JWT-06), which revokes every issued token,
 * and kills every outstanding reset link (SEC-RST-02). Returns the new version.
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

export async function setRecoveryEmail(db: Db, userId: number, email: string, now: Date): Promise<void> {
  await db.kysely
    .updateTable('admin_users')
    .set({ email: email.toLowerCase(), updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
}
