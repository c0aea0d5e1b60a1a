import type { Db } from '../../db/database.js';

/** SQL of the pruning job: rows that can no longer matter to anyone. */

export async function deleteDeadResetTokens(db: Db, now: Date): Promise<number> {
  const result = await db.kysely
    .deleteFrom('password_reset_tokens')
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredCaptchas(db: Db, now: Date): Promise<number> {
  const result = await db.kysely.deleteFrom('captchas').where('expires_at', '<', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredLoginChallenges(db: Db, now: Date): Promise<number> {
  const result = await db.kysely
    .deleteFrom('login_challenges')
    .where('expires_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** An unconfirmed recovery email or TOTP enrolment that ran out is forgotten. */
export async function clearExpiredPendingChanges(db: Db, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  await db.kysely
    .updateTable('admin_users')
    .set({ pending_email: null, pending_email_token_hash: null, pending_email_expires_at: null })
    .where('pending_email_expires_at', '<=', nowIso)
    .execute();
  await db.kysely
    .updateTable('admin_users')
    .set({ totp_pending_secret: null, totp_pending_expires_at: null })
    .where('totp_pending_expires_at', '<=', nowIso)
    .execute();
}
