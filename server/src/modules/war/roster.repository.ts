import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';
import type { RosterMember } from './types.js';

/**
 * clan_members as the inactive-players script observes it: join and leave times are
 * the times of the run that first saw or missed a member. A member who comes back after leaving
 * gets a new first_seen_at, so the day they rejoin counts as "joined during the day".
 */
export async function observeRoster(
  db: Kysely<Database>,
  members: readonly { tag: string; name: string; role: string }[],
  now: Date,
): Promise<{ joined: string[]; left: string[] }> {
  const at = toIso(now);
  const existing = new Map(
    (await db.selectFrom('clan_members').select(['tag', 'left_at']).execute()).map((r) => [r.tag, r.left_at]),
  );
  const current = new Set(members.map((m) => m.tag));
  const joined: string[] = [];
  for (const m of members) {
    if (!existing.has(m.tag)) {
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
    const rejoined = existing.get(m.tag) != null;
    if (rejoined) joined.push(m.tag);
    await db
      .updateTable('clan_members')
      .set({ name: m.name, role: m.role, last_seen_at: at, left_at: null, ...(rejoined ? { first_seen_at: at } : {}) })
      .where('tag', '=', m.tag)
      .execute();
  }
  const left = [...existing].filter(([tag, leftAt]) => leftAt == null && !current.has(tag)).map(([tag]) => tag);
  if (left.length > 0) await db.updateTable('clan_members').set({ left_at: at }).where('tag', 'in', left).execute();
  return { joined, left };
}

/** Current members (not left) with the time they were first seen. */
export async function listCurrentRoster(db: Kysely<Database>): Promise<RosterMember[]> {
  const rows = await db
    .selectFrom('clan_members')
    .select(['tag', 'name', 'first_seen_at'])
    .where('left_at', 'is', null)
    .orderBy('tag')
    .execute();
  return rows.map((r) => ({ tag: r.tag, name: r.name, firstSeenAt: new Date(r.first_seen_at) }));
}
