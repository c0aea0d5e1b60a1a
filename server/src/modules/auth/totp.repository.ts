import { inTransaction, type DbHandle } from '../../db/handle.js';

/** SQL of the second factor (SEC-MFA-01): secrets, used steps, recovery codes, login challenges. */

export async function setPendingTotpSecret(
  db: DbHandle,
  userId: number,
  secret: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({ totp_pending_secret: secret, totp_pending_expires_at: expiresAt.toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** Turns TOTP on with fresh recovery codes, revokes every token (SEC-JWT-06) and forgets every device. */
export async function enableTotp(
  db: DbHandle,
  input: { userId: number; secret: string; step: number; codeHashes: string[]; now: Date },
): Promise<void> {
  const now = input.now.toISOString();
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('admin_users')
      .set((eb) => ({
        totp_secret: input.secret,
        totp_pending_secret: null,
        totp_pending_expires_at: null,
        totp_last_step: input.step,
        token_version: eb('token_version', '+', 1),
        device_generation: eb('device_generation', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', input.userId)
      .execute();
    await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', input.userId).execute();
    await trx
      .insertInto('totp_recovery_codes')
      .values(
        input.codeHashes.map((code_hash) => ({ code_hash, user_id: input.userId, created_at: now, used_at: null })),
      )
      .execute();
  });
}

/** Turns TOTP off, drops the recovery codes, revokes every token and forgets every device. */
export async function disableTotp(db: DbHandle, userId: number, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('admin_users')
      .set((eb) => ({
        totp_secret: null,
        totp_pending_secret: null,
        totp_pending_expires_at: null,
        totp_last_step: null,
        token_version: eb('token_version', '+', 1),
        device_generation: eb('device_generation', '+', 1),
        updated_at: now.toISOString(),
      }))
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
  });
}

/** Records `step` as used, atomically; false when it (or a later one) was used already: no replay. */
export async function claimTotpStep(db: DbHandle, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('admin_users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_secret', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses a recovery code once, atomically. */
export async function useRecoveryCode(db: DbHandle, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('totp_recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('code_hash', '=', codeHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: DbHandle, userId: number): Promise<number> {
  const row = await db
    .selectFrom('totp_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertLoginChallenge(
  db: DbHandle,
  row: { tokenHash: string; userId: number; tokenVersion: number; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('login_challenges')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      token_version: row.tokenVersion,
      created_at: row.now.toISOString(),
      expires_at: row.expiresAt.toISOString(),
    })
    .execute();
}

export function findLiveLoginChallenge(db: DbHandle, tokenHash: string, now: Date) {
  return db
    .selectFrom('login_challenges')
    .select(['user_id', 'token_version'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

/** Consumes a challenge; false when another request consumed it first. */
export async function deleteLoginChallenge(db: DbHandle, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom('login_challenges').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteExpiredLoginChallenges(db: DbHandle, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('login_challenges')
    .where('expires_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every stored TOTP secret, active or pending (sealing at start). */
export function listStoredTotpSecrets(db: DbHandle) {
  return db
    .selectFrom('admin_users')
    .select(['id', 'totp_secret', 'totp_pending_secret'])
    .where((eb) => eb.or([eb('totp_secret', 'is not', null), eb('totp_pending_secret', 'is not', null)]))
    .execute();
}

export async function replaceStoredTotpSecrets(
  db: DbHandle,
  userId: number,
  values: { secret: string | null; pending: string | null },
): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({ totp_secret: values.secret, totp_pending_secret: values.pending })
    .where('id', '=', userId)
    .execute();
}
