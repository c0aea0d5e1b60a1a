import type { DbHandle } from '../../db/handle.js';

/**
 * A player across the family's clans (docs/decisions/100-clan-family-data-model.md, "Members moving within the
 * family"): each member_stints row is a stint (a return to a clan is a stint of its own), each member_moves row a move
 * between two of them; the clan_members row of a clan holds the player's latest name and role there.
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

/** Every stint of the player, in every clan, oldest first; a clan's current stint is its clan_members row. */
export async function listMemberStints(db: DbHandle, tag: string): Promise<MemberStint[]> {
  const [members, earlier] = await Promise.all([
    db
      .selectFrom('clan_members')
      .select(['clan_tag', 'name', 'role', 'first_seen_at', 'family_first_seen_at', 'left_at'])
      .where('tag', '=', tag)
      .execute(),
    db.selectFrom('member_stints').select(['clan_tag', 'joined_at', 'left_at']).where('player_tag', '=', tag).execute(),
  ]);
  const stints: MemberStint[] = [];
  for (const m of members) {
    stints.push({
      clanTag: m.clan_tag,
      name: m.name,
      role: m.role,
      firstSeenAt: new Date(m.first_seen_at),
      familyFirstSeenAt: new Date(m.family_first_seen_at),
      leftAt: m.left_at ? new Date(m.left_at) : null,
    });
    // the clan's earlier stints, each in the family from its own start (a move into it would have been the latest)
    for (const s of earlier)
      if (s.clan_tag === m.clan_tag && s.joined_at < m.first_seen_at)
        stints.push({
          clanTag: m.clan_tag,
          name: m.name,
          role: m.role,
          firstSeenAt: new Date(s.joined_at),
          familyFirstSeenAt: new Date(s.joined_at),
          leftAt: s.left_at ? new Date(s.left_at) : null,
        });
  }
  return stints.sort((a, b) => a.firstSeenAt.getTime() - b.firstSeenAt.getTime() || a.clanTag.localeCompare(b.clanTag));
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
