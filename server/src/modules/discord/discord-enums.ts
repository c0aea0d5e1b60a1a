import type {
  ApplicationCommandOptionType as OptionType,
  ApplicationCommandType as CommandType,
  ButtonStyle as Style,
  ComponentType as Component,
  InteractionContextType as ContextType,
  InteractionResponseType as ResponseType,
  InteractionType as Type,
  MessageFlags as Flags,
} from 'discord-api-types/v10';

/**
 * The few values of discord-api-types' enums the server uses, as constants of those enums' own types. The package's
 * runtime module (its enums as CommonJS, about 1 MB of an idle server's heap) is never loaded; its types still check
 * every payload (docs/decisions/076-idle-rss-budget.md).
 */
export const InteractionType = {
  Ping: 1 as Type.Ping,
  ApplicationCommand: 2 as Type.ApplicationCommand,
  MessageComponent: 3 as Type.MessageComponent,
  ApplicationCommandAutocomplete: 4 as Type.ApplicationCommandAutocomplete,
} as const;

export const InteractionResponseType = {
  Pong: 1 as ResponseType.Pong,
  ChannelMessageWithSource: 4 as ResponseType.ChannelMessageWithSource,
  DeferredChannelMessageWithSource: 5 as ResponseType.DeferredChannelMessageWithSource,
  UpdateMessage: 7 as ResponseType.UpdateMessage,
  ApplicationCommandAutocompleteResult: 8 as ResponseType.ApplicationCommandAutocompleteResult,
} as const;

export const ApplicationCommandType = { ChatInput: 1 as CommandType.ChatInput } as const;

export const ApplicationCommandOptionType = {
  String: 3 as OptionType.String,
  Integer: 4 as OptionType.Integer,
  User: 6 as OptionType.User,
} as const;

export const InteractionContextType = { Guild: 0 as ContextType.Guild } as const;

export const ComponentType = { ActionRow: 1 as Component.ActionRow, Button: 2 as Component.Button } as const;

export const ButtonStyle = {
  Primary: 1 as Style.Primary,
  Success: 3 as Style.Success,
  Danger: 4 as Style.Danger,
} as const;

export const MessageFlags = { Ephemeral: (1 << 6) as Flags.Ephemeral } as const;
