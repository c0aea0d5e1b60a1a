import type { DbHandle } from '../../db/handle.js';
import { deleteClanSetting, readClanSettings, writeClanSetting } from '../settings/clan-settings.repository.js';

/** SQL of message templates: each clan's edited texts in clan_settings, and the newest posted message of a kind. */

const PREFIX = 'template:';

export function readTemplates(db: DbHandle, clanTag: string): Promise<Map<string, string>> {
  return readClanSettings(db, clanTag, PREFIX);
}

export async function writeTemplate(db: DbHandle, clanTag: string, id: string, text: string): Promise<void> {
  await writeClanSetting(db, clanTag, `${PREFIX}${id}`, text);
}

export async function deleteTemplate(db: DbHandle, clanTag: string, id: string): Promise<void> {
  await deleteClanSetting(db, clanTag, `${PREFIX}${id}`);
}

/** The payload of the newest outbox message rendered from template `id` (its values are stored with it). */
export async function newestPayloadOf(
  db: DbHandle,
  clanTag: string,
  id: string,
): Promise<{ payload: string; createdAt: string } | null> {
  const row = await db
    .selectFrom('discord_outbox')
    .select(['payload', 'created_at'])
    .where('clan_tag', '=', clanTag)
    .where('payload', 'like', `%"template":{"id":"${id}"%`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { payload: row.payload, createdAt: row.created_at } : null;
}
