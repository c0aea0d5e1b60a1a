import type { LeaderNoteView, MemberMemory, NoteInput } from '#contracts/admin-leaders';
import { historyText } from '../leaders/history-text.js';
import { integerOption, stringOption, type Interaction } from './interaction.js';
import { tagOf } from './link.service.js';

/** What /strike, /note and /history need of the leaders' memory (the leaders service). */
export interface MemoryPort {
  addNote(input: NoteInput, clanTag: string, author: string): Promise<LeaderNoteView>;
  member(tag: string, clanTag: string): Promise<MemberMemory>;
}

/**
 * /strike, /note and /history (docs/leaders-memory.md), after the leader check: the answer is private to the leader;
 * a strike or note is written as `discord:<user id>` and audited like the admin's.
 */
export async function memoryCommand(
  memory: MemoryPort,
  name: 'strike' | 'note' | 'history',
  i: Interaction,
  user: string,
  clanTag: string,
): Promise<string> {
  const tag = tagOf(stringOption(i, 'tag'));
  if (!tag) return 'That is not a player tag such as #2PQ8L0C.';
  if (name === 'history') return historyText(await memory.member(tag, clanTag));
  const reason = stringOption(i, 'reason')?.trim() ?? '';
  if (!reason) return 'Write the reason.';
  const days = integerOption(i, 'days');
  const note = await memory.addNote(
    { playerTag: tag, kind: name, reason, ...(days !== undefined ? { days } : {}) },
    clanTag,
    `discord:${user}`,
  );
  return note.kind === 'strike'
    ? `Strike given to ${tag} until ${note.expiresAt!.slice(0, 10)}: ${reason}`
    : `Note on ${tag} saved: ${reason}`;
}
