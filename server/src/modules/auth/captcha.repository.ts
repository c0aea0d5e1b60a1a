import type { DbHandle } from '../../db/handle.js';

/** SQL of the captchas (SEC-CAPTCHA-01): one row per question, until it is answered or expires. */

export async function insertCaptcha(
  db: DbHandle,
  row: { id: string; answer: number; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('captchas')
    .values({
      id: row.id,
      answer: row.answer,
      created_at: row.now.toISOString(),
      expires_at: row.expiresAt.toISOString(),
    })
    .execute();
}

/** Deletes the captcha and returns what it held: a captcha is used once, whatever the answer. */
export function takeCaptcha(db: DbHandle, id: string): Promise<{ answer: number; expires_at: string } | undefined> {
  return db.deleteFrom('captchas').where('id', '=', id).returning(['answer', 'expires_at']).executeTakeFirst();
}

export async function deleteExpiredCaptchas(db: DbHandle, now: Date): Promise<number> {
  const result = await db.deleteFrom('captchas').where('expires_at', '<', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
