import { z } from 'zod';
import { isoTimestampSchema } from './common.js';
import { memberRoleSchema } from './war-rules.js';
import { weekRefSchema } from './war-insights.js';

/**
 * The family War report (docs/decisions/104-per-clan-webhooks.md): every member of every active clan with one history
 * across moves, judged by the main clan's rules on the family week (fame and decks of every family clan added).
 * Computed when read; nothing is stored.
 */
export const familyFlagSchema = z.enum(['below-fame', 'missed-attacks', 'away-too-long', 'low-donations']);
export type FamilyFlag = z.infer<typeof familyFlagSchema>;

/** One member's part of one family week: fame and decks added over the clans they fought for. */
export const familyWeekPartSchema = z.object({
  fame: z.number().int(),
  decksUsed: z.number().int(),
  /** the clans whose river race log holds the member that week (two after a move mid-week) */
  clans: z.array(z.string()),
});

export const familyMemberSchema = z.object({
  tag: z.string(),
  name: z.string(),
  role: memberRoleSchema,
  /** the clan the member is in now */
  clanTag: z.string(),
  /** in the family since (the first stint's first sighting, carried over by moves) */
  familySince: isoTimestampSchema,
  /** in the family for the whole newest week: only then judged on its fame and decks */
  wholeWeek: z.boolean(),
  /** one entry per week of `weeks`, null when the member was in no family clan's log that week */
  weeks: z.array(familyWeekPartSchema.nullable()),
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;

export const familyJudgedSchema = z.object({
  tag: z.string(),
  name: z.string(),
  role: memberRoleSchema,
  clanTag: z.string(),
  /** the newest family week */
  fame: z.number().int(),
  decksUsed: z.number().int(),
  /** attacks certainly missed on the week's battle days that count (the clan report's rule) */
  missedAttacks: z.number().int(),
  /** the fame minimum for this member: the rule's, scaled to the battle days not excused */
  fameMinimum: z.number().int(),
  /** what the main clan's rules flag (empty for a promotion candidate) */
  flags: z.array(familyFlagSchema),
});
export type FamilyJudged = z.infer<typeof familyJudgedSchema>;

export const familyReportResponseSchema = z.object({
  mainClanTag: z.string(),
  /** the active clans, the main clan first, with their names as last polled */
  clans: z.array(z.object({ tag: z.string(), name: z.string().nullable() })),
  /** the newest finished family week (null: none stored) */
  war: weekRefSchema.nullable(),
  /** the main clan's rules the family is judged by */
  rules: z.object({
    attacksPerDay: z.number().int(),
    minimumFamePerWar: z.number().int(),
    missedAttacksForRemoval: z.number().int(),
    maxDaysAway: z.number().int().nullable(),
    minWeeklyDonations: z.number().int().nullable(),
  }),
  /** newest first, at most ten */
  weeks: z.array(weekRefSchema),
  members: z.array(familyMemberSchema),
  /** feeder members the main clan's rules would not flag */
  promotionCandidates: z.array(familyJudgedSchema),
  /** main-clan members the rules flag */
  atRisk: z.array(familyJudgedSchema),
});
export type FamilyReportResponse = z.infer<typeof familyReportResponseSchema>;
