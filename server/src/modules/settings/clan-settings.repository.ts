import type { DbHandle } from '#server/db/handle';

/**
 * clan_settings: one clan's named values — war rules, reminder offsets, message templates, the monthly correction
 * mark (docs/decisions/100-clan-family-data-model.md). Family-wide values stay in app_settings.
 */
export async function readClanSetting(db: DbHandle, clanTag: string, key: string): Promise<string | null> {
  const row = await db
    .selectFrom('clan_settings')
    .select('value')
    .where('clan_tag', '=', clanTag)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value ?? null;
}

/** The clan's settings whose key starts with `prefix`, by the rest of the key. */
export async function readClanSettings(db: DbHandle, clanTag: string, prefix: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('clan_settings')
    .select(['key', 'value'])
    .where('clan_tag', '=', clanTag)
    .where('key', 'like', `${prefix}%`)
    .execute();
  return new Map(rows.filter((r) => r.key.startsWith(prefix)).map((r) => [r.key.slice(prefix.length), r.value]));
}

export async function writeClanSetting(db: DbHandle, clanTag: string, key: string, value: string): Promise<void> {
  await db
    .insertInto('clan_settings')
    .values({ clan_tag: clanTag, key, value })
    .onConflict((oc) => oc.columns(['clan_tag', 'key']).doUpdateSet({ value }))
    .execute();
}

export async function deleteClanSetting(db: DbHandle, clanTag: string, key: string): Promise<void> {
  await db.deleteFrom('clan_settings').where('clan_tag', '=', clanTag).where('key', '=', key).execute();
}
