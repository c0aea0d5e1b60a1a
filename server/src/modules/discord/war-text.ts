import { battleDayOf } from '../war/calendar.js';
import { discordName } from '../war/discord-text.js';
import type { RaceClan } from './ports.js';

/** /war (docs/discord.md): the race now, from a fresh poll. Pure. */
export function warText(input: {
  clanTag: string;
  periodIndex: number;
  clans: readonly RaceClan[];
  roster: readonly { tag: string }[];
}): string {
  const ours = input.clans.find((c) => c.tag === input.clanTag);
  if (!ours) return 'The current river race does not list the clan.';
  const day = battleDayOf(input.periodIndex);
  if (day === null) return `**${discordName(ours.name)}**: training days. The race starts on Thursday.`;
  // Finished clans rank by when they crossed the line; the others by fame, as the game shows it.
  const sorted = [...input.clans].sort((a, b) => {
    if (a.finishTime && b.finishTime) return a.finishTime.getTime() - b.finishTime.getTime();
    if (a.finishTime || b.finishTime) return a.finishTime ? -1 : 1;
    return b.fame - a.fame;
  });
  const rank = sorted.findIndex((c) => c.tag === ours.tag) + 1;
  const members = new Set(input.roster.map((m) => m.tag));
  const used = ours.participants
    .filter((p) => members.has(p.tag))
    .reduce((sum, p) => sum + Math.min(4, p.decksUsedToday), 0);
  const total = members.size * 4;
  const lines = [
    `**${discordName(ours.name)}** — battle day ${day}: rank **${rank} of ${input.clans.length}**${ours.finishTime ? ' (finished)' : ''}.`,
    `Fame: ${ours.fame} · points today: ${ours.periodPoints}.`,
    `Decks today: ${used} used, **${Math.max(0, total - used)} left** (${members.size} members × 4).`,
  ];
  return lines.join('\n');
}
