/**
 * The clan log's events from one roster observation (docs/leaders-memory.md), pure: what the clan_members rows said
 * before the poll, who the poll saw, and what the observation decided (joins, leaves, moves within the family).
 */

export const LOG_KINDS = ['joined', 'returned', 'moved', 'left', 'promoted', 'demoted', 'renamed'] as const;
export type LogKind = (typeof LOG_KINDS)[number];

export interface LogEvent {
  clanTag: string;
  playerTag: string;
  name: string;
  kind: LogKind;
  at: Date;
  /** a move's other clan: where a 'moved' player came from, where a 'left' one went */
  otherClanTag: string | null;
  /** roles of a promotion or demotion, the old name of a rename, the last stint of a return */
  detail: Record<string, string> | null;
}

/** The game's roles, lowest first: a move up this list is a promotion. */
const ROLE_RANK = ['member', 'elder', 'coLeader', 'leader'];
const rank = (role: string) => ROLE_RANK.indexOf(role);

export interface RosterObservation {
  clanTag: string;
  at: Date;
  /** the clan_members rows of the clan before the poll */
  before: ReadonlyMap<string, { name: string; role: string; leftAt: string | null }>;
  /** who the poll saw */
  members: readonly { tag: string; name: string; role: string }[];
  joined: readonly string[];
  left: readonly string[];
  /** joiners who moved here from another family clan: that clan, and when they left it */
  moved: ReadonlyMap<string, { fromClanTag: string; leftAt: Date }>;
  /** joiners' latest earlier stint in any family clan (a return), when they have one */
  earlier: ReadonlyMap<string, { clanTag: string; joinedAt: string; leftAt: string }>;
}

/**
 * One event per change: a joiner 'moved' (from a family clan: its 'left' event names this clan), 'returned' (an
 * earlier stint in the family) or 'joined'; a leaver 'left'; a member still here 'promoted', 'demoted' or 'renamed'.
 * Nothing on the first observation of a clan.
 */
export function rosterEvents(o: RosterObservation): LogEvent[] {
  const events: LogEvent[] = [];
  // the first look at a clan sees its roster, not changes to it
  if (o.before.size === 0) return events;
  const seen = new Map(o.members.map((m) => [m.tag, m]));
  const event = (tag: string, kind: LogKind, extra: Partial<LogEvent> = {}): LogEvent => ({
    clanTag: o.clanTag,
    playerTag: tag,
    name: seen.get(tag)?.name ?? o.before.get(tag)?.name ?? tag,
    kind,
    at: o.at,
    otherClanTag: null,
    detail: null,
    ...extra,
  });
  for (const tag of o.joined) {
    const move = o.moved.get(tag);
    const earlier = o.earlier.get(tag);
    if (move) {
      events.push(event(tag, 'moved', { otherClanTag: move.fromClanTag }));
      events.push(event(tag, 'left', { clanTag: move.fromClanTag, at: move.leftAt, otherClanTag: o.clanTag }));
    } else if (earlier) {
      const detail = { lastClanTag: earlier.clanTag, lastJoinedAt: earlier.joinedAt, lastLeftAt: earlier.leftAt };
      events.push(event(tag, 'returned', { detail }));
    } else events.push(event(tag, 'joined'));
  }
  for (const tag of o.left) events.push(event(tag, 'left'));
  for (const m of o.members) {
    const row = o.before.get(m.tag);
    if (!row || row.leftAt !== null || o.joined.includes(m.tag)) continue;
    if (row.role !== m.role && rank(row.role) >= 0 && rank(m.role) >= 0)
      events.push(
        event(m.tag, rank(m.role) > rank(row.role) ? 'promoted' : 'demoted', {
          detail: { from: row.role, to: m.role },
        }),
      );
    if (row.name !== m.name) events.push(event(m.tag, 'renamed', { detail: { from: row.name } }));
  }
  return events;
}
