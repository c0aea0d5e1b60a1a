import type { DbHandle } from '#server/db/handle';

/** SQL of the leaders' notes and strikes (docs/leaders-memory.md): leaders' data, never read by a public route. */

export interface LeaderNote {
  id: number;
  playerTag: string;
  clanTag: string;
  kind: 'note' | 'strike';
  reason: string;
  createdAt: string;
  expiresAt: string | null;
  author: string;
}

type NoteInput = Omit<LeaderNote, 'id'> & { autoKey?: string | null };

/** Stores a note or strike; an automatic strike whose key is already kept is not given twice (null). */
export async function insertNote(db: DbHandle, n: NoteInput): Promise<LeaderNote | null> {
  const row = await db
    .insertInto('leader_notes')
    .values({
      player_tag: n.playerTag,
      clan_tag: n.clanTag,
      kind: n.kind,
      reason: n.reason,
      created_at: n.createdAt,
      expires_at: n.expiresAt,
      author: n.author,
      auto_key: n.autoKey ?? null,
    })
    .onConflict((oc) => oc.column('auto_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        playerTag: n.playerTag,
        clanTag: n.clanTag,
        kind: n.kind,
        reason: n.reason,
        createdAt: n.createdAt,
        expiresAt: n.expiresAt,
        author: n.author,
      }
    : null;
}

export async function deleteNote(db: DbHandle, id: number): Promise<LeaderNote | null> {
  const [found] = await notesWhere(db, { id });
  if (!found) return null;
  await db.deleteFrom('leader_notes').where('id', '=', id).execute();
  return found;
}

/** The player's notes and strikes, or every player's (the at-risk list), newest first. */
export async function notesWhere(
  db: DbHandle,
  f: { id?: number; playerTags?: readonly string[] },
): Promise<LeaderNote[]> {
  let q = db.selectFrom('leader_notes').selectAll();
  if (f.id !== undefined) q = q.where('id', '=', f.id);
  if (f.playerTags) {
    if (f.playerTags.length === 0) return [];
    q = q.where('player_tag', 'in', [...f.playerTags]);
  }
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => ({
    id: r.id,
    playerTag: r.player_tag,
    clanTag: r.clan_tag,
    kind: r.kind === 'strike' ? 'strike' : 'note',
    reason: r.reason,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    author: r.author,
  }));
}
