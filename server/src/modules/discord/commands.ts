import type { RESTPutAPIApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { ApplicationCommandOptionType, ApplicationCommandType, InteractionContextType } from './discord-enums.js';
import { MEMORY_COMMANDS } from './memory-commands.js';
import { NICKNAME_COMMAND } from './nickname-command.js';

const DATE_HINT = 'a UTC date YYYY-MM-DD, e.g. 2026-12-24: the battle day whose reset falls on it';

/** In a clan family: which clan a command is about (docs/discord.md); unused with one clan. */
const CLAN_OPTION = {
  name: 'clan',
  description: 'A clan of the family, by tag or name (default: the clan of your linked player)',
  type: ApplicationCommandOptionType.String,
  max_length: 50,
} as const;

/**
 * Leader commands carry `default_member_permissions` of Manage Server, so Discord shows them to members with that
 * permission only; the server's admins can allow the leaders' role in Server Settings → Integrations. ClanOps still
 * checks the leader role or Manage Server on every use (docs/discord.md §4).
 */
const LEADERS_ONLY = { default_member_permissions: String(1 << 5) } as const;

/** The commands only leaders may use. `/away` is both: a member asks, a leader decides. */
export const LEADER_COMMANDS: ReadonlySet<string> = new Set([
  'inactive',
  'remind',
  'absences',
  'strike',
  'note',
  'history',
]);

/** The commands of every member: each use counts against the member's cooldown (door.ts). */
export const MEMBER_COMMANDS: ReadonlySet<string> = new Set([
  'link',
  'unlink',
  'me',
  'war',
  'reminders',
  'nickname',
  'away',
]);

/** The slash commands, registered on the clan's server in one bulk overwrite at start (docs/discord.md). */
export const SLASH_COMMANDS: RESTPutAPIApplicationCommandsJSONBody = [
  {
    name: 'link',
    description: 'Link your Clash Royale player to your Discord account (proved in the game)',
    type: ApplicationCommandType.ChatInput,
    contexts: [InteractionContextType.Guild],
    options: [
      {
        name: 'tag',
        description: 'Your player tag, e.g. #2PQ8L0C (in the game: your profile)',
        type: ApplicationCommandOptionType.String,
        required: true,
        max_length: 20,
      },
    ],
  },
  {
    name: 'unlink',
    description: 'Remove your link to a player (all your links when no tag is given)',
    type: ApplicationCommandType.ChatInput,
    contexts: [InteractionContextType.Guild],
    options: [
      {
        name: 'tag',
        description: 'The player tag to unlink',
        type: ApplicationCommandOptionType.String,
        max_length: 20,
      },
    ],
  },
  {
    name: 'me',
    description: 'Your war: decks left today, time to the reset, fame, the last four weeks, excused dates',
    type: ApplicationCommandType.ChatInput,
    contexts: [InteractionContextType.Guild],
  },
  {
    name: 'war',
    description: 'The river race now: our rank, points, decks used and left',
    type: ApplicationCommandType.ChatInput,
    contexts: [InteractionContextType.Guild],
    options: [CLAN_OPTION],
  },
  {
    name: 'reminders',
    description: 'How war reminders reach you',
    type: ApplicationCommandType.ChatInput,
    contexts: [InteractionContextType.Guild],
    options: [
      {
        name: 'mode',
        description: 'A direct message, a mention in the reminder channel, or nothing',
        type: ApplicationCommandOptionType.String,
        required: true,
        choices: [
          { name: 'direct message', value: 'dm' },
          { name: 'channel mention', value: 'channel' },
          { name: 'off', value: 'off' },
        ],
      },
    ],
  },
  NICKNAME_COMMAND,
  {
    name: 'away',
    description: 'Excuse an absence from war (members ask, leaders approve)',
    type: ApplicationCommandType.ChatInput,
    contexts: [InteractionContextType.Guild],
    options: [
      {
        name: 'from',
        description: `First day away (${DATE_HINT})`,
        type: ApplicationCommandOptionType.String,
        required: true,
      },
      {
        name: 'to',
        description: `Last day away (${DATE_HINT})`,
        type: ApplicationCommandOptionType.String,
        required: true,
      },
      { name: 'reason', description: 'e.g. holiday', type: ApplicationCommandOptionType.String, max_length: 200 },
      { name: 'member', description: 'Leaders: the member to excuse', type: ApplicationCommandOptionType.User },
      {
        name: 'tag',
        description: 'The player tag, when the member has several accounts or no link',
        type: ApplicationCommandOptionType.String,
        max_length: 20,
      },
    ],
  },
  {
    name: 'absences',
    description: 'Leaders: absences waiting for approval',
    type: ApplicationCommandType.ChatInput,
    contexts: [InteractionContextType.Guild],
    ...LEADERS_ONLY,
  },
  {
    name: 'inactive',
    description: 'Leaders: the inactive report of a battle day',
    type: ApplicationCommandType.ChatInput,
    contexts: [InteractionContextType.Guild],
    ...LEADERS_ONLY,
    options: [
      {
        name: 'day',
        description: 'Battle day 1–4 of the latest reported week (default: the latest reported day)',
        type: ApplicationCommandOptionType.Integer,
        min_value: 1,
        max_value: 4,
      },
      CLAN_OPTION,
    ],
  },
  {
    name: 'remind',
    description: 'Leaders: send the war reminder now',
    type: ApplicationCommandType.ChatInput,
    contexts: [InteractionContextType.Guild],
    ...LEADERS_ONLY,
    options: [CLAN_OPTION],
  },
  ...MEMORY_COMMANDS,
];

/** custom_id prefixes of the buttons ClanOps puts on its replies. */
export const BUTTON = {
  verifyLink: 'link-verify:',
  approveAbsence: 'absence-approve:',
  rejectAbsence: 'absence-reject:',
} as const;
