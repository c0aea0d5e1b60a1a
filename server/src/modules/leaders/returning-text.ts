import { discordName } from '#server/modules/war/discord-text';
import type { LogEvent } from './roster-events.js';
import { isActive } from './strikes.js';

/** The leaders' announcement of a returning former member (docs/leaders-memory.md), pure. */

export interface PastNote {
  kind: 'note' | 'strike';
  reason: string;
  createdAt: string;
  expiresAt: string | null;
}

const day = (iso: string | undefined) => (iso ?? '').slice(0, 10);

/**
 * "Former member Bravo (#TAG) returned to #CLAN": their last stint (from the `returned` event), their strikes still
 * counting and their notes, oldest first, each with its date. Expired strikes are left out.
 */
export function returningAlertText(
  e: Pick<LogEvent, 'playerTag' | 'name' | 'clanTag' | 'detail'>,
  notes: readonly PastNote[],
  now: Date,
): { subject: string; message: string } {
  const d = e.detail ?? {};
  const byDate = [...notes].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const strikes = byDate.filter((n) => n.kind === 'strike' && isActive(n, now));
  const remarks = byDate.filter((n) => n.kind === 'note');
  const list = (items: readonly PastNote[]) =>
    items.map((n) => `${discordName(n.reason)} (${day(n.createdAt)})`).join('; ');
  const parts = [
    `${discordName(e.name)} (${e.playerTag}) returned to ${e.clanTag}.`,
    `Last stint: ${d.lastClanTag ?? '?'} ${day(d.lastJoinedAt)} to ${day(d.lastLeftAt)}.`,
    strikes.length === 0 ? 'No active strike.' : `Active strikes (${strikes.length}): ${list(strikes)}.`,
    remarks.length === 0 ? 'No note.' : `Notes (${remarks.length}): ${list(remarks)}.`,
  ];
  return {
    subject: `Former member ${e.name} (${e.playerTag}) returned to ${e.clanTag}`,
    message: parts.join(' '),
  };
}
