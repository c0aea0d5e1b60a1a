import type { DeckReportPlayer } from '../war/deck-report.js';
import { discordName } from '../war/discord-text.js';

/** /inactive (docs/discord.md): a stored battle day's report for a leader. Pure. */
export function inactiveText(input: {
  title: string;
  raceFinished: boolean;
  players: readonly DeckReportPlayer[];
  /** tag → reason ('' when none was given) of the members excused that day */
  excused: ReadonlyMap<string, string>;
}): string {
  const lines = [`**${input.title}**`];
  if (input.raceFinished) {
    lines.push('The clan had already finished the race before this day: nobody is counted.');
    return lines.join('\n');
  }
  const short = input.players.filter((p) => p.decksUsed < 4 && p.status !== 'ok');
  const excused = short.filter((p) => input.excused.has(p.tag));
  const listed = short.filter((p) => !input.excused.has(p.tag));
  const decks = (p: DeckReportPlayer) =>
    p.decksUsed === p.maxDecksUsed ? `${p.decksUsed}/4` : `${p.decksUsed}–${p.maxDecksUsed}/4 (uncertain)`;
  const note = (p: DeckReportPlayer) =>
    p.status === 'joined-during-day'
      ? ' (joined during the day)'
      : p.status === 'untracked'
        ? " (not tracked at the day's start)"
        : '';
  if (listed.length === 0) lines.push('Every counted member used all 4 decks.');
  else {
    lines.push(`Fewer than 4 decks (${listed.length}):`);
    for (const p of listed) lines.push(`- ${discordName(p.name)} (${p.tag}): ${decks(p)}${note(p)}`);
  }
  if (excused.length > 0) {
    lines.push(`Excused (${excused.length}):`);
    for (const p of excused) {
      const reason = input.excused.get(p.tag);
      lines.push(
        `- ${discordName(p.name)} (${p.tag}): ${decks(p)}, excused${reason ? `: ${discordName(reason)}` : ''}`,
      );
    }
  }
  return lines.join('\n');
}
