import { templated } from '../messages/message-templates.js';
import { formatSpan } from '../reminders/reminder-times.js';
import type { DecksLeft } from './decks-left.js';
import type { WarDiscordMessage } from './discord-messages.js';
import { discordName } from './discord-text.js';

export interface ReminderInput {
  left: DecksLeft;
  /** player tag → Discord user id of the members the channel message mentions */
  links: ReadonlyMap<string, string>;
  /** tags of the members reminded by direct message instead (named in the channel without a ping) */
  byDirectMessage?: ReadonlySet<string>;
  /** the predicted reset, null while too few resets were observed */
  reset: { at: Date; margin: number } | null;
  now: Date;
  /** the race projection's line, when the clan switched it on (projection-line.ts) */
  projection?: string | null;
}

/**
 * The war reminder (docs/reminders.md): members with decks left grouped by decks used. A linked
 * member is mentioned as <@id> (and only those ids may ping); everyone else is named as escaped
 * text, so a name such as "@everyone" or "<@&123>" pings nothing. The projection line, when given, ends the list
 * (so a message rendered again with an edited template keeps it).
 */
export function warReminderMessage(input: ReminderInput): WarDiscordMessage {
  const { left, links, reset, now } = input;
  const direct = input.byDirectMessage ?? new Set<string>();
  const mentioned: string[] = [];
  const lines: string[] = [];
  for (const group of left.groups) {
    lines.push('', `**${group.used}/4 decks** (${group.players.length})`);
    for (const p of group.players) {
      const id = links.get(p.tag);
      if (id) {
        if (!mentioned.includes(id)) mentioned.push(id);
        lines.push(`- <@${id}> (${discordName(p.name)})`);
      } else lines.push(`- ${discordName(p.name)}${direct.has(p.tag) ? ' (reminded by direct message)' : ''}`);
    }
  }
  if (input.projection) lines.push('', input.projection);
  const count = left.groups.reduce((n, g) => n + g.players.length, 0);
  const message = templated('war-reminder', {
    day: String(left.day),
    count: String(count),
    timeLeft: reset ? formatSpan(reset.at.getTime() - now.getTime()) : 'an unknown time',
    resetTime: reset ? reset.at.toISOString().slice(11, 16) : 'unknown',
    margin: reset ? formatSpan(reset.margin) : '?',
    list: lines.join('\n'),
  });
  return { ...message, header: message.content.split('\n')[0], mentionUsers: mentioned };
}

/** The reminder one member chose to get by direct message (docs/reminders.md "Direct messages"). */
export function directReminderMessage(input: {
  player: { name: string; decksUsed: number };
  day: number;
  discordUserId: string;
  reset: { at: Date; margin: number } | null;
  now: Date;
}): WarDiscordMessage & { destination: string } {
  const { player, reset, now } = input;
  const message = templated('war-reminder-dm', {
    name: discordName(player.name),
    day: String(input.day),
    decksLeft: String(4 - player.decksUsed),
    decksUsed: String(player.decksUsed),
    timeLeft: reset ? formatSpan(reset.at.getTime() - now.getTime()) : 'an unknown time',
    resetTime: reset ? reset.at.toISOString().slice(11, 16) : 'unknown',
    margin: reset ? formatSpan(reset.margin) : '?',
  });
  return { ...message, destination: `dm:${input.discordUserId}` };
}
