import { z } from 'zod';
import { isoTimestampSchema } from './common.js';

/**
 * Where the race will end (docs/war-tracking.md "Where the race will end"): a projection of every clan of the live
 * race, each figure a range (the 10th, 50th and 90th percentile of the played-out weeks), and how often it was right.
 */
export const fameRangeSchema = z.object({ low: z.number().int(), mid: z.number().int(), high: z.number().int() });

export const clanProjectionSchema = z.object({
  tag: z.string(),
  name: z.string(),
  /** already over the finish line */
  finished: z.boolean(),
  /** fame after each remaining close, today's first */
  atResets: z.array(z.object({ day: z.number().int(), at: isoTimestampSchema, fame: fameRangeSchema })),
  /** the week's last fame: the boat (normal week, capped at 10,000) or the colosseum medals */
  final: fameRangeSchema,
  /** the close the clan most likely crosses at (normal week), with how sure; null when it likely does not */
  finish: z.object({ day: z.number().int(), at: isoTimestampSchema, chance: z.number() }).nullable(),
  place: z.object({
    mid: z.number().int(),
    best: z.number().int(),
    worst: z.number().int(),
    chanceOfMid: z.number(),
  }),
  chanceFirst: z.number(),
});
export type ClanProjectionView = z.infer<typeof clanProjectionSchema>;

export const raceProjectionSchema = z.object({
  mode: z.enum(['normal', 'colosseum']),
  /** the battle day now, 1–4 */
  day: z.number().int(),
  /** weeks played out */
  runs: z.number().int(),
  clans: z.array(clanProjectionSchema),
  /** what our clan needs to pass the clan projected just ahead (today in a normal week, the week in colosseum) */
  pass: z
    .object({
      aheadTag: z.string(),
      aheadName: z.string(),
      medalsNeeded: z.number().int(),
      decksLeft: z.number().int(),
      decksAtOurPace: z.number().int().nullable(),
      winRate: z.number().nullable(),
    })
    .nullable(),
});
export type RaceProjectionView = z.infer<typeof raceProjectionSchema>;

/** How often the projection made at the start of each battle day placed our clan right, this season and before. */
export const projectionRecordSchema = z.object({
  byDay: z.array(
    z.object({
      day: z.number().int(),
      weeks: z.number().int(),
      placedRight: z.number().int(),
      /** mean absolute error of our clan's final fame */
      meanFameError: z.number().int(),
    }),
  ),
});
export type ProjectionRecord = z.infer<typeof projectionRecordSchema>;

export const raceProjectionResponseSchema = z.object({
  /** our clan's tag; the projection lists all five clans of the race */
  clanTag: z.string(),
  /** null on training days, or when the game could not be asked */
  projection: raceProjectionSchema.nullable(),
  record: projectionRecordSchema,
  asOf: isoTimestampSchema,
  demo: z.boolean(),
  stale: z.boolean(),
});
export type RaceProjectionResponse = z.infer<typeof raceProjectionResponseSchema>;
