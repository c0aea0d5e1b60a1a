import { discordName } from '#server/modules/war/discord-text';
import type { LogEvent } from './roster-events.js';

/** The leaders' Discord texts of the clan log and the watch list (docs/leaders-memory.md), pure. */

const ROLE_NAMES: Record<string, string> = {
  member: 'Member',
  elder: 'Elder',
  coLeader: 'Co-leader',
  leader: 'Leader',
};
const role = (r: string | undefined) => ROLE_NAMES[r ?? ''] ?? r ?? '?';
const day = (iso: string | undefined) => (iso ?? '').slice(0, 10);

/** A message for the leaders' log channel (a Discord message as scripts build it). */
export interface LogMessage {
  content: string;
  header: string;
  destination: 'log';
}

/** What a returning player brought back: their active strikes and notes. */
export interface PastRecord {
  strikes: number;
  notes: number;
}

/** One line of the log, as the console and Discord say it. */
export function logLine(
  e: Pick<LogEvent, 'name' | 'playerTag' | 'kind' | 'otherClanTag' | 'detail'>,
  /** how a player's name is written: escaped for Discord (the default), as is for the console */
  nameOf: (name: string) => string = discordName,
): string {
  const who = `${nameOf(e.name)} (${e.playerTag})`;
  const d = e.detail ?? {};
  switch (e.kind) {
    case 'joined':
      return `${who} joined`;
    case 'returned':
      return `${who} returned (last stint ${day(d.lastJoinedAt)} to ${day(d.lastLeftAt)} in ${d.lastClanTag ?? '?'})`;
    case 'moved':
      return `${who} moved here from ${e.otherClanTag ?? '?'}`;
    case 'left':
      return e.otherClanTag ? `${who} left for ${e.otherClanTag}` : `${who} left`;
    case 'promoted':
      return `${who} promoted from ${role(d.from)} to ${role(d.to)}`;
    case 'demoted':
      return `${who} demoted from ${role(d.from)} to ${role(d.to)}`;
    case 'renamed':
      return `${who} renamed from ${nameOf(d.from ?? '?')}`;
  }
}

/**
 * One message per clan for a poll's events, however many (a reshuffle of ten moves is one message); a returning
 * player's line carries the strikes and notes they left with.
 */
export function logMessages(
  events: readonly Omit<LogEvent, 'at'>[],
  past: ReadonlyMap<string, PastRecord>,
): Map<string, LogMessage> {
  const byClan = new Map<string, string[]>();
  for (const e of events) {
    const p = e.kind === 'returned' ? past.get(e.playerTag) : undefined;
    const extra = p && (p.strikes > 0 || p.notes > 0) ? ` — ${p.strikes} active strike(s), ${p.notes} note(s)` : '';
    byClan.set(e.clanTag, [...(byClan.get(e.clanTag) ?? []), `• ${logLine(e)}${extra}`]);
  }
  const out = new Map<string, LogMessage>();
  for (const [clanTag, lines] of byClan)
    out.set(clanTag, {
      header: `Clan log of ${clanTag}`,
      content: [`**Clan log of ${clanTag}**`, ...lines].join('\n'),
      destination: 'log',
    });
  return out;
}

export interface WatchHit {
  playerTag: string;
  name: string;
  clanTag: string;
  reason: string;
  /** the player's earlier stints in the family, oldest first */
  stints: readonly { clanTag: string; joinedAt: string; leftAt: string | null }[];
}

/** The leaders' alert when a watched player joins a family clan: the reason and their past stints. */
export function watchAlertText(hit: WatchHit): { subject: string; message: string } {
  const past = hit.stints.filter((s) => s.leftAt !== null);
  const stints =
    past.length === 0
      ? 'No earlier stint in the family.'
      : `Earlier stints: ${past.map((s) => `${s.clanTag} ${day(s.joinedAt)} to ${day(s.leftAt ?? undefined)}`).join('; ')}.`;
  return {
    subject: `Watched player ${hit.name} (${hit.playerTag}) joined ${hit.clanTag}`,
    message: `${discordName(hit.name)} (${hit.playerTag}) is on the watch list: ${discordName(hit.reason)}. ${stints}`,
  };
}

/** The player's direct message when the clan tells them of a strike. */
export function strikeDm(clanTag: string, reason: string, expiresAt: string): string {
  return `The leaders of ${clanTag} gave you a strike: ${reason}. It counts until ${expiresAt.slice(0, 10)}.`;
}
