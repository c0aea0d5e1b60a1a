import { roleRulesSchema } from '#contracts/admin-discord-roles';
import { stripMarkup } from '#contracts/player-name';
import type { DbHandle } from '#server/db/handle';
import { emptyRules, isRank, type RoleRules } from './rules.js';
import type { LinkFact, PlayerFact } from './wanted.js';
import type { RoleChange } from './diff.js';

/** SQL of the Discord roles (docs/decisions/160-discord-roles.md). */

export const rulesSchema = roleRulesSchema;

export async function readRules(db: DbHandle): Promise<RoleRules> {
  const row = await db.selectFrom('discord_role_rules').select('rules').where('id', '=', 1).executeTakeFirst();
  if (!row) return emptyRules();
  const parsed = rulesSchema.safeParse(JSON.parse(row.rules));
  return parsed.success ? parsed.data : emptyRules();
}

export async function saveRules(db: DbHandle, rules: RoleRules, now: string): Promise<void> {
  const values = { id: 1, rules: JSON.stringify(rulesSchema.parse(rules)), updated_at: now };
  await db
    .insertInto('discord_role_rules')
    .values(values)
    .onConflict((oc) => oc.column('id').doUpdateSet({ rules: values.rules, updated_at: now }))
    .execute();
}

export async function readLinks(db: DbHandle, userIds?: readonly string[]): Promise<LinkFact[]> {
  let q = db.selectFrom('discord_links').select(['discord_user_id', 'player_tag', 'status']);
  if (userIds) q = q.where('discord_user_id', 'in', userIds.length ? [...userIds] : ['']);
  const rows = await q.orderBy('player_tag').execute();
  return rows.map((r) => ({ discordUserId: r.discord_user_id, playerTag: r.player_tag, status: r.status }));
}

/**
 * Each tag's place in the family: its row in an active family clan now, else its newest row anywhere (the clan and
 * rank it left with, and when it was last seen); the newest rank change of the clan log names a promotion.
 */
export async function readPlayers(
  db: DbHandle,
  tags: readonly string[],
  familyClans: readonly string[],
): Promise<Map<string, PlayerFact>> {
  const out = new Map<string, PlayerFact>();
  if (tags.length === 0) return out;
  const rows = await db
    .selectFrom('clan_members')
    .select(['clan_tag', 'tag', 'name', 'role', 'last_seen_at', 'left_at'])
    .where('tag', 'in', [...tags])
    .execute();
  const log = await db
    .selectFrom('clan_log')
    .select(['player_tag', 'kind', 'at', 'id'])
    .where('player_tag', 'in', [...tags])
    .where('kind', 'in', ['promoted', 'demoted', 'joined', 'returned', 'moved'])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const family = new Set(familyClans);
  for (const tag of tags) {
    const mine = rows.filter((r) => r.tag === tag && isRank(r.role));
    const now = mine.find((r) => r.left_at === null && family.has(r.clan_tag));
    const newest = [...mine].sort((a, b) => b.last_seen_at.localeCompare(a.last_seen_at))[0];
    const row = now ?? newest;
    if (!row || !isRank(row.role)) continue;
    const last = log.find((l) => l.player_tag === tag)?.kind;
    out.set(tag, {
      tag,
      // the game's colour tags (<c2>…</c2>) are not part of a Discord nickname
      name: stripMarkup(row.name),
      clanTag: row.clan_tag,
      rank: row.role,
      inFamily: Boolean(now),
      lastSeenAt: row.last_seen_at,
      rankChange: last === 'promoted' || last === 'demoted' ? last : null,
    });
  }
  return out;
}

export async function readOptouts(db: DbHandle): Promise<Set<string>> {
  const rows = await db.selectFrom('discord_role_optouts').select('discord_user_id').execute();
  return new Set(rows.map((r) => r.discord_user_id));
}

/** A member keeps their own nickname (`/nickname keep`), or lets it follow the game again. */
export async function setNicknameOptout(db: DbHandle, userId: string, optedOut: boolean, at: string): Promise<void> {
  if (!optedOut) {
    await db.deleteFrom('discord_role_optouts').where('discord_user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('discord_role_optouts')
    .values({ discord_user_id: userId, at })
    .onConflict((oc) => oc.column('discord_user_id').doNothing())
    .execute();
}

export async function recordChange(
  db: DbHandle,
  change: RoleChange,
  outcome: 'applied' | 'refused',
  error: string | null,
  at: string,
): Promise<void> {
  await db
    .insertInto('discord_role_changes')
    .values({
      discord_user_id: change.discordUserId,
      kind: change.kind,
      role_id: change.kind === 'set-nick' ? null : change.roleId,
      nick: change.kind === 'set-nick' ? change.nick : null,
      reason: change.reason,
      outcome,
      error,
      at,
    })
    .execute();
}

export async function listChanges(db: DbHandle, limit: number) {
  return db.selectFrom('discord_role_changes').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
