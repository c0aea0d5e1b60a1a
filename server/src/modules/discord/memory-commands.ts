import type { RESTPutAPIApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { ApplicationCommandOptionType, ApplicationCommandType, InteractionContextType } from './discord-enums.js';

const TAG = {
  name: 'tag',
  description: 'The player tag, e.g. #2PQ8L0C',
  type: ApplicationCommandOptionType.String,
  required: true,
  max_length: 20,
} as const;
const REASON = {
  name: 'reason',
  description: 'Why (leaders read it; the player too when the clan tells them)',
  type: ApplicationCommandOptionType.String,
  required: true,
  max_length: 300,
} as const;

/** /strike, /note and /history (docs/leaders-memory.md): leaders only, answered privately. */
export const MEMORY_COMMANDS: RESTPutAPIApplicationCommandsJSONBody = [
  {
    name: 'strike',
    description: 'Leaders: give a player a strike',
    type: ApplicationCommandType.ChatInput,
    contexts: [InteractionContextType.Guild],
    default_member_permissions: String(1 << 5),
    options: [
      TAG,
      REASON,
      {
        name: 'days',
        description: 'How long it counts (default: the clan’s rule)',
        type: ApplicationCommandOptionType.Integer,
        min_value: 1,
        max_value: 365,
      },
    ],
  },
  {
    name: 'note',
    description: 'Leaders: keep a note on a player',
    type: ApplicationCommandType.ChatInput,
    contexts: [InteractionContextType.Guild],
    default_member_permissions: String(1 << 5),
    options: [TAG, REASON],
  },
  {
    name: 'history',
    description: 'Leaders: a player’s stints, strikes and notes',
    type: ApplicationCommandType.ChatInput,
    contexts: [InteractionContextType.Guild],
    default_member_permissions: String(1 << 5),
    options: [TAG],
  },
];
