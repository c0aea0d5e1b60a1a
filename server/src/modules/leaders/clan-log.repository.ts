import type { DbHandle } from '#server/db/handle';
import { toIso } from '#server/lib/clock';
import type { LogEvent, LogKind } from './roster-events.js';

/** SQL of the clan log (docs/leaders-memory.md): written by each roster observation, read by the admin console. */

/** Stores the events; an event already kept (another instance's poll) is not doubled: a 'left' gains its move. */
export async function insertLogEvents(db: DbHandle, events: readonly LogEvent[]): Promise<LogEvent[]> {
  const kept: LogEvent[] = [];
  for (const e of events) {
    const row = await db
      .insertInto('clan_log')
      .values({
        clan_tag: e.clanTag,
        player_tag: e.playerTag,
        name: e.name,
        kind: e.kind,
        at: toIso(e.at),
        other_clan_tag: e.otherClanTag,
        detail: e.detail ? JSON.stringify(e.detail) : null,
      })
      .onConflict((oc) => oc.columns(['clan_tag', 'player_tag', 'kind', 'at']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) kept.push(e);
    else if (e.otherClanTag !== null)
      await db
        .updateTable('clan_log')
        .set({ other_clan_tag: e.otherClanTag })
        .where('clan_tag', '=', e.clanTag)
        .where('player_tag', '=', e.playerTag)
        .where('kind', '=', e.kind)
        .where('at', '=', toIso(e.at))
        .execute();
  }
  return kept;
}

export interface LogFilter {
  clanTag?: string;
  playerTag?: string;
  kind?: LogKind;
  ids?: readonly number[];
  limit: number;
}

export interface LogRow {
  id: number;
  clanTag: string;
  playerTag: string;
  name: string;
  kind: LogKind;
  at: string;
  otherClanTag: string | null;
  detail: Record<string, string> | null;
}

/** Newest first; a clan's log holds the moves out of it too (a 'left' naming it is kept under the clan left). */
export async function listLog(db: DbHandle, f: LogFilter): Promise<LogRow[]> {
  let q = db.selectFrom('clan_log').selectAll();
  if (f.clanTag) q = q.where('clan_tag', '=', f.clanTag);
  if (f.playerTag) q = q.where('player_tag', '=', f.playerTag);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.ids) q = q.where('id', 'in', [...f.ids]);
  const rows = await q.orderBy('at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
  return rows.map((r) => ({
    id: r.id,
    clanTag: r.clan_tag,
    playerTag: r.player_tag,
    name: r.name,
    kind: r.kind as LogKind,
    at: r.at,
    otherClanTag: r.other_clan_tag,
    detail: r.detail ? (JSON.parse(r.detail) as Record<string, string>) : null,
  }));
}

/** The joiners' moves into the clan at this instant: where from, and when they left it. */
export async function movesInto(db: DbHandle, clanTag: string, tags: readonly string[], at: Date) {
  if (tags.length === 0) return new Map<string, { fromClanTag: string; leftAt: Date }>();
  const rows = await db
    .selectFrom('member_moves')
    .select(['player_tag', 'from_clan_tag', 'left_at'])
    .where('to_clan_tag', '=', clanTag)
    .where('joined_at', '=', toIso(at))
    .where('player_tag', 'in', [...tags])
    .execute();
  return new Map(rows.map((r) => [r.player_tag, { fromClanTag: r.from_clan_tag, leftAt: new Date(r.left_at) }]));
}

/** Each player's latest ended stint in any clan, before `at` (a return's earlier stint). */
export async function latestEndedStints(db: DbHandle, tags: readonly string[], at: Date) {
  const found = new Map<string, { clanTag: string; joinedAt: string; leftAt: string }>();
  if (tags.length === 0) return found;
  const rows = await db
    .selectFrom('member_stints')
    .select(['player_tag', 'clan_tag', 'joined_at', 'left_at'])
    .where('player_tag', 'in', [...tags])
    .where('left_at', 'is not', null)
    .where('left_at', '<=', toIso(at))
    .orderBy('left_at', 'asc')
    .execute();
  for (const r of rows) found.set(r.player_tag, { clanTag: r.clan_tag, joinedAt: r.joined_at, leftAt: r.left_at! });
  return found;
}

/** The clan_members rows of a clan as they stand (before a poll is observed). */
export async function rosterRows(db: DbHandle, clanTag: string) {
  const rows = await db
    .selectFrom('clan_members')
    .select(['tag', 'name', 'role', 'left_at'])
    .where('clan_tag', '=', clanTag)
    .execute();
  return new Map(rows.map((r) => [r.tag, { name: r.name, role: r.role, leftAt: r.left_at }]));
}

/** Whether the clan posts its log: its log channel webhook is set. */
export async function postsLog(db: DbHandle, clanTag: string): Promise<boolean> {
  const row = await db.selectFrom('clans').select('log_webhook_url').where('tag', '=', clanTag).executeTakeFirst();
  return Boolean(row?.log_webhook_url);
}

/** The clan's events no poll has posted yet, oldest first, marked posted now (one message per clan and poll). */
export async function takeUnposted(db: DbHandle, clanTag: string): Promise<LogRow[]> {
  const rows = await db
    .selectFrom('clan_log')
    .select('id')
    .where('clan_tag', '=', clanTag)
    .where('posted', '=', 0)
    .orderBy('at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  await db.updateTable('clan_log').set({ posted: 1 }).where('id', 'in', ids).execute();
  return (await listLog(db, { clanTag, ids, limit: ids.length })).reverse();
}
