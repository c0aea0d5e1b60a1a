import { DEFAULT_WAR_RULES, warRulesSchema, type MemberRole, type WarRules } from '#contracts/war-rules';
import type { FamilyRosterEntry } from './family-report.js';
import type { BattleDay } from '../types.js';
import type { RosterEntry, Stint, WarDay, WarWeek } from './war-report.js';
import type { DbHandle } from '#server/db/handle';
import { readClanSetting, writeClanSetting } from '#server/modules/settings/clan-settings.repository';

/** The clan_settings key of the clan's war rules (docs/decisions/031-war-rules-storage.md). */
const RULES_KEY = 'war-rules';

/** The stored rules, or the defaults when none are stored or the stored value no longer parses. */
export async function readWarRules(db: DbHandle, clanTag: string): Promise<WarRules> {
  const value = await readClanSetting(db, clanTag, RULES_KEY);
  if (value === null) return DEFAULT_WAR_RULES;
  try {
    const parsed = warRulesSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : DEFAULT_WAR_RULES;
  } catch {
    return DEFAULT_WAR_RULES;
  }
}

export async function writeWarRules(db: DbHandle, clanTag: string, rules: WarRules): Promise<void> {
  await writeClanSetting(db, clanTag, RULES_KEY, JSON.stringify(rules));
}

/** Every stored finished week with its participants, newest first. */
export async function listWarWeeks(db: DbHandle, clanTag: string): Promise<(WarWeek & { clanRank: number })[]> {
  const rows = await db
    .selectFrom('river_race_data')
    .where('clan_tag', '=', clanTag)
    .select([
      'season_id',
      'section_index',
      'player_tag',
      'player_name',
      'fame',
      'decks_used',
      'created_date',
      'clan_rank',
    ])
    .orderBy('created_date', 'desc')
    .orderBy('season_id', 'desc')
    .orderBy('section_index', 'desc')
    .orderBy('player_tag', 'asc')
    .execute();
  const weeks = new Map<string, WarWeek & { clanRank: number }>();
  for (const r of rows) {
    const key = `${r.season_id}/${r.section_index}`;
    let week = weeks.get(key);
    if (!week) {
      week = {
        seasonId: r.season_id,
        sectionIndex: r.section_index,
        createdDate: new Date(r.created_date),
        clanRank: r.clan_rank,
        participants: [],
      };
      weeks.set(key, week);
    }
    week.participants.push({ tag: r.player_tag, name: r.player_name, fame: r.fame, decksUsed: r.decks_used });
  }
  return [...weeks.values()];
}

/** The reported battle days of season `sinceSeasonId` and later, with every member's decks. */
export async function listWarDays(db: DbHandle, clanTag: string, sinceSeasonId: number): Promise<WarDay[]> {
  const reports = await db
    .selectFrom('war_day_reports')
    .where('clan_tag', '=', clanTag)
    .select(['season_id', 'section_index', 'day', 'status'])
    .where('season_id', '>=', sinceSeasonId)
    .execute();
  const decks = await db
    .selectFrom('war_day_decks')
    .where('clan_tag', '=', clanTag)
    .select(['season_id', 'section_index', 'day', 'player_tag', 'decks_used', 'decks_used_max', 'status'])
    .where('season_id', '>=', sinceSeasonId)
    .orderBy('player_tag')
    .execute();
  const key = (r: { season_id: number; section_index: number; day: number }) =>
    `${r.season_id}/${r.section_index}/${r.day}`;
  const days = new Map<string, WarDay>(
    reports.map((r) => [
      key(r),
      {
        seasonId: r.season_id,
        sectionIndex: r.section_index,
        day: r.day as BattleDay,
        raceFinished: r.status === 'race-finished',
        players: [],
      },
    ]),
  );
  for (const d of decks) {
    days.get(key(d))?.players.push({
      tag: d.player_tag,
      decksUsed: d.decks_used,
      decksUsedMax: d.decks_used_max,
      status: d.status,
    });
  }
  return [...days.values()];
}

function roleOf(role: string): MemberRole {
  const r = role.toLowerCase();
  return r === 'leader' || r === 'coleader' || r === 'elder' ? r : 'member';
}

/** The current members of the given family clans, each with the clan and the time they are in the family since. */
export async function listFamilyRoster(db: DbHandle, clanTags: readonly string[]): Promise<FamilyRosterEntry[]> {
  if (clanTags.length === 0) return [];
  const rows = await db
    .selectFrom('clan_members')
    .where('clan_tag', 'in', [...clanTags])
    .where('left_at', 'is', null)
    .select(['clan_tag', 'tag', 'name', 'role', 'family_first_seen_at', 'last_seen_in_game', 'donations_last_week'])
    .orderBy('tag')
    .orderBy('clan_tag')
    .execute();
  const stints = await stintsIn(db, clanTags);
  return rows.map((r) => ({
    tag: r.tag,
    name: r.name,
    role: roleOf(r.role),
    clanTag: r.clan_tag,
    familySince: new Date(r.family_first_seen_at),
    stints: stints.get(r.tag) ?? [],
    lastSeen: r.last_seen_in_game ? new Date(r.last_seen_in_game) : null,
    donations: r.donations_last_week,
  }));
}

/** Current members with their role, join time of this stint, every stint here, last seen in game, last week's donations. */
export async function listRosterEntries(db: DbHandle, clanTag: string): Promise<RosterEntry[]> {
  const rows = await db
    .selectFrom('clan_members')
    .where('clan_tag', '=', clanTag)
    .select(['tag', 'name', 'role', 'first_seen_at', 'last_seen_in_game', 'donations_last_week'])
    .where('left_at', 'is', null)
    .orderBy('tag')
    .execute();
  const stints = await stintsIn(db, [clanTag]);
  return rows.map((r) => ({
    tag: r.tag,
    name: r.name,
    role: roleOf(r.role),
    firstSeenAt: new Date(r.first_seen_at),
    stints: stints.get(r.tag) ?? [],
    lastSeen: r.last_seen_in_game ? new Date(r.last_seen_in_game) : null,
    donations: r.donations_last_week,
  }));
}

/** Every stint in these clans, by player, oldest first (a return to a clan is a stint of its own). */
async function stintsIn(db: DbHandle, clanTags: readonly string[]): Promise<Map<string, Stint[]>> {
  const rows = await db
    .selectFrom('member_stints')
    .select(['clan_tag', 'player_tag', 'joined_at', 'left_at'])
    .where('clan_tag', 'in', [...clanTags])
    .orderBy('joined_at')
    .execute();
  const out = new Map<string, Stint[]>();
  for (const r of rows) {
    const stint = {
      clanTag: r.clan_tag,
      joinedAt: new Date(r.joined_at),
      leftAt: r.left_at ? new Date(r.left_at) : null,
    };
    out.set(r.player_tag, [...(out.get(r.player_tag) ?? []), stint]);
  }
  return out;
}

/** One player's row of clan_members (left or not), or null when never seen. */
export async function findMember(
  db: DbHandle,
  clanTag: string,
  tag: string,
): Promise<{ name: string; role: MemberRole; firstSeenAt: Date; inClan: boolean } | null> {
  const row = await db
    .selectFrom('clan_members')
    .where('clan_tag', '=', clanTag)
    .select(['name', 'role', 'first_seen_at', 'left_at'])
    .where('tag', '=', tag)
    .executeTakeFirst();
  return row
    ? { name: row.name, role: roleOf(row.role), firstSeenAt: new Date(row.first_seen_at), inClan: row.left_at === null }
    : null;
}

/** Every stored battle day of one player, newest first. */
export async function listMemberDays(
  db: DbHandle,
  clanTag: string,
  tag: string,
): Promise<
  {
    seasonId: number;
    sectionIndex: number;
    day: BattleDay;
    decksUsed: number;
    decksUsedMax: number;
    status: string;
    raceFinished: boolean;
  }[]
> {
  const rows = await db
    .selectFrom('war_day_decks as d')
    .innerJoin('war_day_reports as r', (j) =>
      j
        .onRef('r.clan_tag', '=', 'd.clan_tag')
        .onRef('r.season_id', '=', 'd.season_id')
        .onRef('r.section_index', '=', 'd.section_index')
        .onRef('r.day', '=', 'd.day'),
    )
    .select([
      'd.season_id',
      'd.section_index',
      'd.day',
      'd.decks_used',
      'd.decks_used_max',
      'd.status',
      'r.status as report_status',
    ])
    .where('d.clan_tag', '=', clanTag)
    .where('d.player_tag', '=', tag)
    .orderBy('d.season_id', 'desc')
    .orderBy('d.section_index', 'desc')
    .orderBy('d.day', 'desc')
    .execute();
  return rows.map((r) => ({
    seasonId: r.season_id,
    sectionIndex: r.section_index,
    day: r.day as BattleDay,
    decksUsed: r.decks_used,
    decksUsedMax: r.decks_used_max,
    status: r.status,
    raceFinished: r.report_status === 'race-finished',
  }));
}
