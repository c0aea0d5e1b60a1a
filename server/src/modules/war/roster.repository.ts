import { toIso } from '../../lib/clock.js';
import type { RosterMember } from './types.js';
import type { DbHandle } from '../../db/handle.js';

/** last_seen_at is refreshed at most this often (snapshots come every few minutes at times). */
const LAST_SEEN_STEP_MS = 60 * 60_000;

/**
 * clan_members as the snapshots observe it (docs/war-tracking.md): join and leave times are the
 * times of the snapshot that first saw or missed a member. A member who comes back after leaving
 * gets a new first_seen_at.
 */
export async function observeRoster(
  db: DbHandle,
  members: readonly { tag: string; name: string; role: string }[],
  now: Date,
): Promise<{ joined: string[]; left: string[] }> {
  const at = toIso(now);
  const existing = new Map(
    (await db.selectFrom('clan_members').select(['tag', 'name', 'role', 'left_at', 'last_seen_at']).execute()).map(
      (r) => [r.tag, r],
    ),
  );
  const current = new Set(members.map((m) => m.tag));
  const joined: string[] = [];
  for (const m of members) {
    const row = existing.get(m.tag);
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
          donations: null,
          donations_received: null,
          last_seen_in_game: null,
        })
        .execute();
      continue;
    }
    const rejoined = row.left_at !== null;
    if (rejoined) joined.push(m.tag);
    if (rejoined || row.name !== m.name || row.role !== m.role) {
      await db
        .updateTable('clan_members')
        .set({ name: m.name, role: m.role, left_at: null, ...(rejoined ? { first_seen_at: at } : {}) })
        .where('tag', '=', m.tag)
        .execute();
    }
  }
  const stale = toIso(new Date(now.getTime() - LAST_SEEN_STEP_MS));
  const seen = [...current].filter((tag) => (existing.get(tag)?.last_seen_at ?? '') < stale);
  if (seen.length > 0) {
    await db.updateTable('clan_members').set({ last_seen_at: at }).where('tag', 'in', seen).execute();
  }
  const left = [...existing.values()].filter((r) => r.left_at === null && !current.has(r.tag)).map((r) => r.tag);
  if (left.length > 0) await db.updateTable('clan_members').set({ left_at: at }).where('tag', 'in', left).execute();
  return { joined, left };
}

/** Current members (not left) with the time they were first seen. */
export async function listCurrentRoster(db: DbHandle): Promise<RosterMember[]> {
  const rows = await db
    .selectFrom('clan_members')
    .select(['tag', 'name', 'first_seen_at'])
    .where('left_at', 'is', null)
    .orderBy('tag')
    .execute();
  return rows.map((r) => ({ tag: r.tag, name: r.name, firstSeenAt: new Date(r.first_seen_at) }));
}
