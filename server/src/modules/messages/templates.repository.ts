import type { DbHandle } from '../../db/handle.js';

/** SQL of message templates: edited texts in app_settings, and the newest posted message of a kind. */

const key = (id: string) => `template:${id}`;

export async function readTemplates(db: DbHandle): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('app_settings')
    .select(['key', 'value'])
    .where('key', 'like', 'template:%')
    .execute();
  return new Map(rows.map((r) => [r.key.slice('template:'.length), r.value]));
}

export async function writeTemplate(db: DbHandle, id: string, text: string): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key: key(id), value: text })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text }))
    .execute();
}

export async function deleteTemplate(db: DbHandle, id: string): Promise<void> {
  await db.deleteFrom('app_settings').where('key', '=', key(id)).execute();
}

/** The payload of the newest outbox message rendered from template `id` (its values are stored with it). */
export async function newestPayloadOf(
  db: DbHandle,
  id: string,
): Promise<{ payload: string; createdAt: string } | null> {
  const row = await db
    .selectFrom('discord_outbox')
    .select(['payload', 'created_at'])
    .where('payload', 'like', `%"template":{"id":"${id}"%`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { payload: row.payload, createdAt: row.created_at } : null;
}
