import { z } from 'zod';
import { isoTimestampSchema } from './common.js';
import { clanProjectionSchema } from './race-projection.js';

/**
 * The public family site (docs/decisions/103-demo-family-and-public-site.md): `/api/clans` lists the active clans
 * with what a family page card shows; `/api/clans/{tag}/…` answers every `/api/clan/…` endpoint for one clan.
 */

/** A clan's river race this week as a family card shows it. */
export const familyRaceSchema = z.object({
  periodType: z.string(),
  rank: z.number().int().nullable(),
  clansInRace: z.number().int(),
  decksUsed: z.number().int(),
  fame: z.number().int(),
});

export const familySiteClanSchema = z.object({
  /** normalised, with `#` */
  tag: z.string(),
  /** as the game shows it; the tag until the clan was first seen */
  name: z.string(),
  role: z.enum(['main', 'family']),
  /** the game's clan badge id; null when not known */
  badgeId: z.number().int().nullable(),
  /** members now, of the game's 50 (`siteContent.memberCapacity`); null when the game could not be asked */
  members: z.number().int().nullable(),
  clanWarTrophies: z.number().int().nullable(),
  /** this week's river race: the clan's place among the clans of its race (null on training days) and decks used */
  race: familyRaceSchema.nullable(),
  /** where the clan's race is projected to end (null on training days or when the game could not be asked) */
  projection: clanProjectionSchema.nullable(),
  /** this month's leading player by war fame (the monthly champions list's current champion), or null */
  champion: z
    .object({
      playerName: z.string(),
      playerTag: z.string(),
      fameEarned: z.number().int(),
      month: z.number().int().min(1).max(12),
      year: z.number().int(),
    })
    .nullable(),
  /** when the game figures were fetched (null: never), and whether they are older than their freshness */
  asOf: isoTimestampSchema.nullable(),
  stale: z.boolean(),
});
export type FamilySiteClan = z.infer<typeof familySiteClanSchema>;

export const familySiteResponseSchema = z.object({
  /** the main clan first, then the family's clans in their order */
  clans: z.array(familySiteClanSchema),
  demo: z.boolean(),
});
export type FamilySiteResponse = z.infer<typeof familySiteResponseSchema>;

/** `/api/clans/{clan}/…`: the clan's tag without `#`, any case (a tag that cannot be one answers 400). */
export const clanParamsSchema = z.object({ clan: z.string().max(32) });
export const clanMemberParamsSchema = z.object({ clan: z.string().max(32), tag: z.string().max(32) });
