import { z } from 'zod';
import { isoTimestampSchema } from './common.js';
import { memberRoleSchema } from './war-rules.js';

/**
 * The War report (docs/war-insights.md): the clan's rules applied to its stored weeks, battle days
 * and roster. Admin answers carry the evidence behind every name; the public card only the clan's
 * fame and the newest week's top 5.
 */

export const weekRefSchema = z.object({
  seasonId: z.number().int(),
  sectionIndex: z.number().int(),
  /** "Season 138 · Week 3" */
  title: z.string(),
  /** the Monday reset that closed the week */
  createdDate: isoTimestampSchema,
});
export type WeekRef = z.infer<typeof weekRefSchema>;

export const dayNoteSchema = z.enum([
  'counted',
  'race-finished',
  'joined',
  'untracked',
  'excused',
  'uncertain',
  'not-reported',
]);
export type DayNote = z.infer<typeof dayNoteSchema>;

export const dayDecksSchema = z.object({
  day: z.number().int().min(1).max(4),
  decksUsed: z.number().int(),
  /** equal to decksUsed when the day is exact; higher when a missing snapshot leaves a range */
  decksUsedMax: z.number().int(),
  note: dayNoteSchema,
});
export type DayDecksView = z.infer<typeof dayDecksSchema>;

const flagged = <E extends z.ZodType>(evidence: E) =>
  z.object({ tag: z.string(), name: z.string(), role: memberRoleSchema, evidence });

export const weekPlaceSchema = z.object({
  seasonId: z.number().int(),
  sectionIndex: z.number().int(),
  title: z.string(),
  rank: z.number().int().nullable(),
  fame: z.number().int(),
});

export const warReportResponseSchema = z.object({
  war: weekRefSchema.nullable(),
  rules: z.object({
    attacksPerDay: z.number().int(),
    minimumFamePerWar: z.number().int(),
    topN: z.number().int(),
    consecutiveWars: z.number().int(),
    missedAttacksForRemoval: z.number().int(),
    maxDaysAway: z.number().int().nullable(),
    minWeeklyDonations: z.number().int().nullable(),
  }),
  promotionCandidates: z.array(flagged(z.array(weekPlaceSchema))),
  belowFame: z.array(flagged(z.object({ fame: z.number().int(), minimum: z.number().int() }))),
  missedAttacks: z.array(
    flagged(z.object({ missed: z.number().int(), limit: z.number().int(), days: z.array(dayDecksSchema) })),
  ),
  awayTooLong: z.array(flagged(z.object({ daysAway: z.number().int(), limit: z.number().int() }))),
  lowDonations: z.array(flagged(z.object({ donations: z.number().int(), minimum: z.number().int() }))),
  notWholeWar: z.array(flagged(z.object({ joinedAt: isoTimestampSchema }))),
  /** members with as many active strikes as the clan's threshold (docs/leaders-memory.md): leaders' data */
  strikes: z.array(
    flagged(
      z.object({
        active: z.number().int(),
        threshold: z.number().int(),
        /** the clan's default lifetime of a strike */
        days: z.number().int(),
        strikes: z.array(
          z.object({ reason: z.string(), createdAt: isoTimestampSchema, expiresAt: isoTimestampSchema.nullable() }),
        ),
      }),
    ),
  ),
});
export type WarReportResponse = z.infer<typeof warReportResponseSchema>;

export const memberRowSchema = z.object({
  tag: z.string(),
  name: z.string(),
  role: memberRoleSchema,
  /** one entry per week of `weeks` (oldest first); null when the player was not in that week's log */
  fame: z.array(z.number().int().nullable()),
  /** the newest war's four battle days */
  days: z.array(dayDecksSchema),
  /** fame of the newest war (0 when absent) */
  lastFame: z.number().int(),
  /** sum of the stored weeks shown */
  totalFame: z.number().int(),
  /** whether the member was in the clan for the whole newest war */
  wholeWar: z.boolean(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;

export const memberTableResponseSchema = z.object({
  /** up to the last 10 stored weeks, oldest first */
  weeks: z.array(weekRefSchema),
  war: weekRefSchema.nullable(),
  members: z.array(memberRowSchema),
});
export type MemberTableResponse = z.infer<typeof memberTableResponseSchema>;

export const memberParamsSchema = z.object({
  tag: z.string().regex(/^#[0-9A-Z]{3,15}$/, 'a player tag looks like #ABC123'),
});

export const memberHistoryResponseSchema = z.object({
  tag: z.string(),
  name: z.string(),
  role: memberRoleSchema.nullable(),
  inClan: z.boolean(),
  firstSeenAt: isoTimestampSchema.nullable(),
  weeks: z.array(
    weekRefSchema.extend({ fame: z.number().int(), decksUsed: z.number().int(), rank: z.number().int().nullable() }),
  ),
  days: z.array(
    z.object({
      seasonId: z.number().int(),
      sectionIndex: z.number().int(),
      title: z.string(),
      day: z.number().int(),
      decksUsed: z.number().int(),
      decksUsedMax: z.number().int(),
      status: z.string(),
      raceFinished: z.boolean(),
    }),
  ),
});
export type MemberHistoryResponse = z.infer<typeof memberHistoryResponseSchema>;

/** A CSV file: the body is text, never JSON. */
export const csvResponseSchema = z.string();

export const publicWarRulesResponseSchema = z.object({
  rules: z.array(z.object({ title: z.string(), text: z.string() })),
});
export type PublicWarRulesResponse = z.infer<typeof publicWarRulesResponseSchema>;

export const lastWarResponseSchema = z.object({
  /** per stored week, oldest first: the fame its participants earned, summed (as the strongest-war-week record) */
  weeks: z.array(
    z.object({ seasonId: z.number().int(), sectionIndex: z.number().int(), title: z.string(), totalFame: z.number() }),
  ),
  newest: z
    .object({
      title: z.string(),
      clanRank: z.number().int().nullable(),
      top: z.array(z.object({ rank: z.number().int(), name: z.string(), fame: z.number().int() })),
    })
    .nullable(),
  asOf: isoTimestampSchema,
  demo: z.boolean(),
  stale: z.boolean(),
});
export type LastWarResponse = z.infer<typeof lastWarResponseSchema>;
