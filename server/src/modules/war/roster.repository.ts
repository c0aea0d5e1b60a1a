import { toIso } from '../../lib/clock.js';
import type { RosterMember } from './types.js';
import type { DbHandle } from '../../db/handle.js';

/** The profile columns are refreshed at most this often (snapshots come every few minutes at times). */
const REFRESH_STEP_MS = 60 * 60_000;
/** A player who left one family clan and joined another at most this long after moved (decisions/100). */
export const FAMILY_MOVE_WINDOW_MS = 24 * 60 * 60_000;

export interface ObservedMember {
  tag: string;
  name: string;
  role: string;
  /** the game's own last-seen time */
  lastSeen?: Date | null;
  /** the weekly donations counter */
  donations?: number | null;
}

/**
 * clan_members as the snapshots observe it (docs/war-tracking.md): join and leave times are the
 * times of the snapshot that first saw or missed a member. A member who comes back after leaving
 * gets a new first_seen_at; every stint, the earlier ones of a return too, stays in member_stints. Last seen in the
 * game and donations are refreshed hourly; when the
 * weekly donations counter drops (its Monday reset), the last value before it is kept as last
 * week's donations (docs/war-insights.md).
 *
 * In a family (docs/decisions/100-clan-family-data-model.md) a joiner whose stint in another active clan is still open,
 * or ended at most FAMILY_MOVE_WINDOW_MS ago, moved: the old stint is closed now if it was open (a player is in one
 * clan at a time), the move is kept in member_moves (once, whichever instance sees it), and the new stint keeps the
 * old one's family_first_seen_at. Polls of different clans are not simultaneous: an observation older than a stint's
 * end does not reopen it.
 */
export async function observeRoster(
  db: DbHandle,
  clanTag: string,
  members: readonly ObservedMember[],
  now: Date,
): Promise<{ joined: string[]; left: string[]; moved: string[] }> {
  const at = toIso(now);
  const existing = new Map(
    (
      await db
        .selectFrom('clan_members')
        .select(['tag', 'name', 'role', 'left_at', 'last_seen_at'])
        .where('clan_tag', '=', clanTag)
        .execute()
    ).map((r) => [r.tag, r]),
  );
  const current = new Set(members.map((m) => m.tag));
  const stale = toIso(new Date(now.getTime() - REFRESH_STEP_MS));
  const joined: string[] = [];
  const changed: (ObservedMember & { rejoined: boolean })[] = [];
  for (const m of members) {
    const row = existing.get(m.tag);
    if (row?.left_at != null && row.left_at > at) continue;
    const rejoined = row !== undefined && row.left_at !== null;
    if (!row || rejoined) joined.push(m.tag);
    if (!row || rejoined || row.last_seen_at < stale || row.name !== m.name || row.role !== m.role) {
      changed.push({ ...m, rejoined });
    }
  }
  const moves = await recordMoves(db, clanTag, joined, now);
  if (changed.length > 0) {
    // One statement for everyone who changed (hourly: the whole roster): new members are
    // inserted, the others refreshed; a drop of the weekly donations counter keeps last week's.
    await db
      .insertInto('clan_members')
      .values(
        changed.map((m) => ({
          clan_tag: clanTag,
          tag: m.tag,
          name: m.name,
          role: m.role,
          first_seen_at: at,
          family_first_seen_at: moves.get(m.tag) ?? at,
          last_seen_at: at,
          left_at: null,
          exp_level: null,
          trophies: null,
          donations_received: null,
          donations_last_week: null,
          last_seen_in_game: m.lastSeen ? toIso(m.lastSeen) : null,
          donations: m.donations ?? null,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['clan_tag', 'tag']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          role: eb.ref('excluded.role'),
          first_seen_at: eb
            .case()
            .when('clan_members.left_at', 'is not', null)
            .then(eb.ref('excluded.first_seen_at'))
            .else(eb.ref('clan_members.first_seen_at'))
            .end(),
          family_first_seen_at: eb
            .case()
            .when('clan_members.left_at', 'is not', null)
            .then(eb.ref('excluded.family_first_seen_at'))
            .else(eb.ref('clan_members.family_first_seen_at'))
            .end(),
          left_at: null,
          last_seen_at: eb.ref('excluded.last_seen_at'),
          last_seen_in_game: eb.ref('excluded.last_seen_in_game'),
          donations: eb.ref('excluded.donations'),
          donations_last_week: eb
            .case()
            .when(eb('excluded.donations', '<', eb.ref('clan_members.donations')))
            .then(eb.ref('clan_members.donations'))
            .else(eb.ref('clan_members.donations_last_week'))
            .end(),
        })),
      )
      .execute();
  }
  const left = [...existing.values()].filter((r) => r.left_at === null && !current.has(r.tag)).map((r) => r.tag);
  if (left.length > 0) {
    await db
      .updateTable('clan_members')
      .set({ left_at: at })
      .where('clan_tag', '=', clanTag)
      .where('tag', 'in', left)
      .execute();
    await closeStints(db, clanTag, left, at);
  }
  if (joined.length > 0) {
    await db
      .insertInto('member_stints')
      .values(joined.map((tag) => ({ clan_tag: clanTag, player_tag: tag, joined_at: at, left_at: null })))
      .onConflict((oc) => oc.columns(['clan_tag', 'player_tag', 'joined_at']).doNothing())
      .execute();
  }
  return { joined, left, moved: [...moves.keys()] };
}

/**
 * The joiners who moved here from another active clan of the family: their old stint closed (when still open), the
 * move recorded. Returns each mover's family_first_seen_at.
 */
async function recordMoves(
  db: DbHandle,
  clanTag: string,
  joined: readonly string[],
  now: Date,
): Promise<Map<string, string>> {
  const moved = new Map<string, string>();
  if (joined.length === 0) return moved;
  const at = toIso(now);
  const since = toIso(new Date(now.getTime() - FAMILY_MOVE_WINDOW_MS));
  const stints = await db
    .selectFrom('clan_members as m')
    .innerJoin('clans as c', 'c.tag', 'm.clan_tag')
    .select(['m.clan_tag', 'm.tag', 'm.left_at', 'm.family_first_seen_at'])
    .where('m.tag', 'in', [...joined])
    .where('m.clan_tag', '!=', clanTag)
    .where('c.removed_at', 'is', null)
    .where((eb) => eb.or([eb('m.left_at', 'is', null), eb('m.left_at', '>=', since)]))
    .execute();
  // the newest stint elsewhere: an open one, else the latest to end
  stints.sort((a, b) => (b.left_at ?? '~').localeCompare(a.left_at ?? '~'));
  for (const stint of stints) {
    if (moved.has(stint.tag) || (stint.left_at !== null && stint.left_at > at)) continue;
    if (stint.left_at === null) {
      await db
        .updateTable('clan_members')
        .set({ left_at: at })
        .where('clan_tag', '=', stint.clan_tag)
        .where('tag', '=', stint.tag)
        .execute();
      await closeStints(db, stint.clan_tag, [stint.tag], at);
    }
    await db
      .insertInto('member_moves')
      .values({
        player_tag: stint.tag,
        from_clan_tag: stint.clan_tag,
        to_clan_tag: clanTag,
        left_at: stint.left_at ?? at,
        joined_at: at,
      })
      .onConflict((oc) => oc.columns(['player_tag', 'to_clan_tag', 'joined_at']).doNothing())
      .execute();
    moved.set(stint.tag, stint.family_first_seen_at);
  }
  return moved;
}

/** Ends the open stints of these players in the clan (every stint stays: member_stints). */
async function closeStints(db: DbHandle, clanTag: string, tags: readonly string[], at: string): Promise<void> {
  await db
    .updateTable('member_stints')
    .set({ left_at: at })
    .where('clan_tag', '=', clanTag)
    .where('player_tag', 'in', [...tags])
    .where('left_at', 'is', null)
    .execute();
}

/** Current members (not left) with the time they were first seen. */
export async function listCurrentRoster(db: DbHandle, clanTag: string): Promise<RosterMember[]> {
  const rows = await db
    .selectFrom('clan_members')
    .select(['tag', 'name', 'first_seen_at'])
    .where('clan_tag', '=', clanTag)
    .where('left_at', 'is', null)
    .orderBy('tag')
    .execute();
  return rows.map((r) => ({ tag: r.tag, name: r.name, firstSeenAt: new Date(r.first_seen_at) }));
}
