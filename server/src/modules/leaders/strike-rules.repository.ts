import type { DbHandle } from '#server/db/handle';
import { readClanSettings, writeClanSetting } from '#server/modules/settings/clan-settings.repository';
import { DEFAULT_STRIKE_DAYS, DEFAULT_STRIKE_THRESHOLD, type StrikeRules } from './strikes.js';

/** The clan's strike rules, kept as clan settings under `leaders.` (docs/leaders-memory.md). */
const PREFIX = 'leaders.';

export async function readStrikeRules(db: DbHandle, clanTag: string): Promise<StrikeRules> {
  const s = await readClanSettings(db, clanTag, PREFIX);
  const num = (key: string, fallback: number) => {
    const v = Number(s.get(key));
    return s.has(key) && Number.isInteger(v) ? v : fallback;
  };
  return {
    threshold: num('threshold', DEFAULT_STRIKE_THRESHOLD),
    days: num('days', DEFAULT_STRIKE_DAYS),
    auto: s.get('auto') === '1',
    dm: s.get('dm') === '1',
  };
}

export async function writeStrikeRules(db: DbHandle, clanTag: string, rules: StrikeRules): Promise<void> {
  await writeClanSetting(db, clanTag, `${PREFIX}threshold`, String(rules.threshold));
  await writeClanSetting(db, clanTag, `${PREFIX}days`, String(rules.days));
  await writeClanSetting(db, clanTag, `${PREFIX}auto`, rules.auto ? '1' : '0');
  await writeClanSetting(db, clanTag, `${PREFIX}dm`, rules.dm ? '1' : '0');
}

/** The players' latest names as the rosters saw them. */
export async function playerNames(db: DbHandle, tags: readonly string[]): Promise<Map<string, string>> {
  if (tags.length === 0) return new Map();
  const rows = await db
    .selectFrom('clan_members')
    .select(['tag', 'name', 'last_seen_at'])
    .where('tag', 'in', [...tags])
    .orderBy('last_seen_at', 'asc')
    .execute();
  return new Map(rows.map((r) => [r.tag, r.name]));
}

/** The Discord user a proven link ties the player to (verified or confirmed), if any. */
export async function provenOwner(db: DbHandle, tag: string): Promise<string | null> {
  const row = await db
    .selectFrom('discord_links')
    .select('discord_user_id')
    .where('player_tag', '=', tag)
    .where('status', 'in', ['verified', 'confirmed'])
    .executeTakeFirst();
  return row?.discord_user_id ?? null;
}
