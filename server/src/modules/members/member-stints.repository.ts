import type { DbHandle } from '../../db/handle.js';

/**
 * A player across the family's clans (docs/decisions/100-clan-family-data-model.md, "Members moving within the
 * family"): each clan_members row is a stint, each member_moves row a move between two of them.
 */

export interface MemberStint {
  clanTag: string;
  name: string;
  role: string;
  /** this stint's start (first seen in this clan) */
  firstSeenAt: Date;
  /** in the family since: carried over by a move */
  familyFirstSeenAt: Date;
  leftAt: Date | null;
}

/** Every stint of the player, in every clan, oldest first. */
export async function listMemberStints(db: DbHandle, tag: string): Promise<MemberStint[]> {
  const rows = await db
    .selectFrom('clan_members')
    .select(['clan_tag', 'name', 'role', 'first_seen_at', 'family_first_seen_at', 'left_at'])
    .where('tag', '=', tag)
    .orderBy('first_seen_at', 'asc')
    .orderBy('clan_tag', 'asc')
    .execute();
  return rows.map((r) => ({
    clanTag: r.clan_tag,
    name: r.name,
    role: r.role,
    firstSeenAt: new Date(r.first_seen_at),
    familyFirstSeenAt: new Date(r.family_first_seen_at),
    leftAt: r.left_at ? new Date(r.left_at) : null,
  }));
}

export interface MemberMove {
  fromClanTag: string;
  toClanTag: string;
  leftAt: Date;
  joinedAt: Date;
}

/** The player's moves within the family, oldest first. */
export async function listMemberMoves(db: DbHandle, tag: string): Promise<MemberMove[]> {
  const rows = await db
    .selectFrom('member_moves')
    .select(['from_clan_tag', 'to_clan_tag', 'left_at', 'joined_at'])
    .where('player_tag', '=', tag)
    .orderBy('joined_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => ({
    fromClanTag: r.from_clan_tag,
    toClanTag: r.to_clan_tag,
    leftAt: new Date(r.left_at),
    joinedAt: new Date(r.joined_at),
  }));
}

/** The clans whose war rows (log weeks or day reports) name the player, with or without a roster stint there. */
export async function warClansOf(db: DbHandle, tag: string): Promise<string[]> {
  const [logged, reported] = await Promise.all([
    db.selectFrom('river_race_data').select('clan_tag').distinct().where('player_tag', '=', tag).execute(),
    db.selectFrom('war_day_decks').select('clan_tag').distinct().where('player_tag', '=', tag).execute(),
  ]);
  return [...new Set([...logged, ...reported].map((r) => r.clan_tag))];
}
