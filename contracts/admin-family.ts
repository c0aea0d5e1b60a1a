import { z } from 'zod';
import { existingPassword } from './admin-auth.js';
import { isoTimestampSchema } from './common.js';

/** The clans of a family run from one ClanOps (docs/decisions/100-clan-family-data-model.md). */

/** At most this many clans in all, the main clan included: the size the request budget is measured for. */
export const FAMILY_CLANS_MAX = 10;

/**
 * What the admin sees of a clan's Discord webhook (docs/decisions/104-per-clan-webhooks.md): never the URL, only that
 * one is set, where it came from (the clan's own, or DISCORD_WEBHOOK_URL for the main clan) and its host and id.
 */
export const clanWebhookSchema = z.object({
  source: z.enum(['clan', 'config']),
  host: z.string(),
  webhookId: z.string(),
  /** false when the stored webhook cannot be opened with the current signing key (set it again) */
  readable: z.boolean(),
});
export type ClanWebhook = z.infer<typeof clanWebhookSchema>;

export const familyClanSchema = z.object({
  tag: z.string(),
  /** as last seen in the game; null until first polled */
  name: z.string().nullable(),
  /** `main` is CLAN_TAG */
  role: z.enum(['main', 'family']),
  position: z.number().int(),
  addedAt: isoTimestampSchema,
  /** null: none, the clan's messages stay in its outbox */
  webhook: clanWebhookSchema.nullable(),
});
export type FamilyClan = z.infer<typeof familyClanSchema>;

export const familyResponseSchema = z.object({
  clans: z.array(familyClanSchema),
  max: z.number().int(),
});
export type FamilyResponse = z.infer<typeof familyResponseSchema>;

export const addFamilyClanInputSchema = z.object({
  tag: z.string({ error: 'tag: the clan tag to add, e.g. #2PQ8L0C' }).min(1, 'tag: the clan tag to add, e.g. #2PQ8L0C'),
});
export type AddFamilyClanInput = z.infer<typeof addFamilyClanInputSchema>;

/** `?clan=TAG` on the admin's script, schedule, history and outbox calls: the clan they are for (the main clan when absent). */
export const clanQuerySchema = z.object({
  clan: z.string().optional(),
});
export type ClanQuery = z.infer<typeof clanQuerySchema>;
/** The server's reading of `?clan=`: the clan's tag (the main clan when absent); throws 400/404. */
export type ClanOf = (query: string | undefined) => string;

const WEBHOOK_HINT = 'url: a Discord webhook URL such as https://discord.com/api/webhooks/123/abc';
/**
 * Setting or removing a clan's webhook redirects (or silences) what the clan reads: the current password is asked
 * again, and the change is audited and mailed (docs/decisions/115-webhook-changes-reauthenticated.md).
 */
export const clanWebhookInputSchema = z.object({
  url: z.string({ error: WEBHOOK_HINT }).trim().min(1, WEBHOOK_HINT),
  password: existingPassword,
});
export type ClanWebhookInput = z.infer<typeof clanWebhookInputSchema>;
export const clanWebhookRemoveInputSchema = z.object({ password: existingPassword });
export type ClanWebhookRemoveInput = z.infer<typeof clanWebhookRemoveInputSchema>;
