import { z } from 'zod';
import { isoTimestampSchema } from './common.js';

/** The clans of a family run from one ClanOps (docs/decisions/100-clan-family-data-model.md). */

/** At most this many clans in all, the main clan included: the size the request budget is measured for. */
export const FAMILY_CLANS_MAX = 10;

export const familyClanSchema = z.object({
  tag: z.string(),
  /** as last seen in the game; null until first polled */
  name: z.string().nullable(),
  /** `main` is CLAN_TAG */
  role: z.enum(['main', 'family']),
  position: z.number().int(),
  addedAt: isoTimestampSchema,
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
