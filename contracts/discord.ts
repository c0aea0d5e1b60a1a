import { z } from 'zod';

/**
 * The answer to a Discord interaction (docs/discord.md): its type and, for a message, the message
 * itself (content, flags, components, allowed_mentions) as discord-api-types describes it.
 */
export const interactionResponseSchema = z.object({
  type: z.number().int(),
  data: z.record(z.string(), z.unknown()).optional(),
});
