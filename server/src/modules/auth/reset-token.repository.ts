import type { DbHandle } from '../../db/handle.js';

/** SQL of the password reset links (SEC-RST-01/02): only the SHA-256 of a token is stored. */

export async function insertResetToken(
  db: DbHandle,
  row: { userId: number; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({
      user_id: row.userId,
      token_hash: row.tokenHash,
      created_at: row.now.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
}

/** True when the token is unused and unexpired (looked at before any hashing). */
export async function isResetTokenLive(db: DbHandle, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses the token up in one UPDATE … WHERE used_at IS NULL AND expires_at > now, so of two
 * parallel submits one wins. Returns the user it was issued to, or null.
 */
export async function consumeResetToken(db: DbHandle, tokenHash: string, now: Date): Promise<number | null> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function deleteDeadResetTokens(db: DbHandle, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('password_reset_tokens')
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
