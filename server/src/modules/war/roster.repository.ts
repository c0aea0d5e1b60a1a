import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';
import type { RosterMember } from './types.js';

type Handle = Kysely<Database> | Transaction<Database>;

/** The profile columns are refreshed at most this often (snapshots come every few minutes at times). */
const REFRESH_STEP_MS = 60 * 60_000;

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
 * gets a new first_seen_at. Last seen in the game and donations are refreshed hourly; when the
 * weekly donations counter drops (its Monday reset), the last value before it is kept as last
 * week's donations (docs/war-insights.md).
 */
export async function observeRoster(
  db: Handle,
  members: readonly ObservedMember[],
  now: Date,
): Promise<{ joined: string[]; left: string[] }> {
  const at = toIso(now);
  const existing = new Map(
    (
      await db
        .selectFrom('clan_members')
        .select(['tag', 'name', 'role', 'left_at', 'last_seen_at', 'donations', 'donations_last_week'])
        .execute()
    ).map((r) => [r.tag, r]),
  );
  const current = new Set(members.map((m) => m.tag));
  const stale = toIso(new Date(now.getTime() - REFRESH_STEP_MS));
  const joined: string[] = [];
  for (const m of members) {
    const row = existing.get(m.tag);
    const profile = { last_seen_in_game: m.lastSeen ? toIso(m.lastSeen) : null, donations: m.donations ?? null };
    if (!row) {
      joined.push(m.tag);
      await db
        .insertInto('clan_members')
        .values({
          tag: m.tag,
          name: m.name,
          role: m.role,
          first_seen_at: at,
          last_seen_at: at,
          left_at: null,
          exp_level: null,
          trophies: null,
          donations_received: null,
          donations_last_week: null,
          ...profile,
        })
        .execute();
      continue;
    }
    const rejoined = row.left_at !== null;
    if (rejoined) joined.push(m.tag);
    const refresh = row.last_seen_at < stale;
    if (!rejoined && !refresh && row.name === m.name && row.role === m.role) continue;
    const reset = profile.donations !== null && row.donations !== null && profile.donations < row.donations;
    await db
      .updateTable('clan_members')
      .set({
        name: m.name,
        role: m.role,
        left_at: null,
        ...(rejoined ? { first_seen_at: at } : {}),
        ...(refresh || rejoined ? { last_seen_at: at, ...profile } : {}),
        ...(reset ? { donations_last_week: row.donations } : {}),
      })
      .where('tag', '=', m.tag)
      .execute();
  }
  const left = [...existing.values()].filter((r) => r.left_at === null && !current.has(r.tag)).map((r) => r.tag);
  if (left.length > 0) await db.updateTable('clan_members').set({ left_at: at }).where('tag', 'in', left).execute();
  return { joined, left };
}

/** Current members (not left) with the time they were first seen. */
export async function listCurrentRoster(db: Handle): Promise<RosterMember[]> {
  const rows = await db
    .selectFrom('clan_members')
    .select(['tag', 'name', 'first_seen_at'])
    .where('left_at', 'is', null)
    .orderBy('tag')
    .execute();
  return rows.map((r) => ({ tag: r.tag, name: r.name, firstSeenAt: new Date(r.first_seen_at) }));
}
