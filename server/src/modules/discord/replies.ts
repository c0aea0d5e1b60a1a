import type {
  APIActionRowComponent,
  APIComponentInMessageActionRow,
  APIInteractionResponse,
} from 'discord-api-types/v10';
import { ButtonStyle, ComponentType, InteractionResponseType, MessageFlags } from './discord-enums.js';
import type { DiscordMessage } from './ports.js';

/** Interaction answers: private ones are ephemeral (only the caller sees them); nothing ever pings. */

export type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

const NO_PINGS = { parse: [] as [] };
/** Discord's limit for a message's content. */
const MAX_CONTENT = 2000;

export function clip(text: string): string {
  return text.length <= MAX_CONTENT ? text : `${text.slice(0, MAX_CONTENT - 1)}…`;
}

export const pong = (): APIInteractionResponse => ({ type: InteractionResponseType.Pong });

/** An answer now: private (ephemeral) unless `open`. */
export function reply(content: string, options: { open?: boolean; rows?: Row[] } = {}): APIInteractionResponse {
  return {
    type: InteractionResponseType.ChannelMessageWithSource,
    data: {
      content: clip(content),
      allowed_mentions: NO_PINGS,
      ...(options.open ? {} : { flags: MessageFlags.Ephemeral }),
      ...(options.rows ? { components: options.rows } : {}),
    },
  };
}

/** "ClanOps is thinking…": the answer follows within 15 minutes (editOriginal). */
export function deferred(options: { open?: boolean } = {}): APIInteractionResponse {
  return {
    type: InteractionResponseType.DeferredChannelMessageWithSource,
    data: options.open ? {} : { flags: MessageFlags.Ephemeral },
  };
}

/** A button press answered by rewriting the message the button is on. */
export function updateMessage(content: string, rows: Row[]): APIInteractionResponse {
  return {
    type: InteractionResponseType.UpdateMessage,
    data: { content: clip(content), components: rows, allowed_mentions: NO_PINGS },
  };
}

/** The body that replaces a deferred answer. */
export function message(content: string, rows: Row[] = []): DiscordMessage {
  return { content: clip(content), components: rows, allowed_mentions: NO_PINGS };
}

export function buttons(...items: { id: string; label: string; style?: 'primary' | 'danger' | 'success' }[]): Row {
  const styles = {
    primary: ButtonStyle.Primary,
    danger: ButtonStyle.Danger,
    success: ButtonStyle.Success,
  } as const;
  return {
    type: ComponentType.ActionRow,
    components: items.map((b) => ({
      type: ComponentType.Button,
      custom_id: b.id,
      label: b.label,
      style: styles[b.style ?? 'primary'],
    })),
  };
}
