import { z } from 'zod';
import { PLAYER_TAG_PATTERN } from './admin-reminders.js';
import { isoTimestampSchema } from './common.js';

/**
 * The leaders' memory in the admin console (docs/leaders-memory.md): the clan log, a member's tenure, notes and
 * strikes, the watch list and the clan's strike rules. Leaders' data: only ever under /api/admin.
 */

export const LOG_KIND_VALUES = ['joined', 'returned', 'moved', 'left', 'promoted', 'demoted', 'renamed'] as const;

const playerTag = z
  .string({ error: 'Enter the player tag' })
  .trim()
  .regex(PLAYER_TAG_PATTERN, 'That is not a player tag such as #2PQ8L0C.');

export const clanLogQuerySchema = z.object({
  /** one clan of the family; every clan when absent */
  clan: z.string().optional(),
  player: z.string().optional(),
  kind: z.enum(LOG_KIND_VALUES).optional(),
  format: z.enum(['json', 'csv']).optional(),
});
export type ClanLogQuery = z.infer<typeof clanLogQuerySchema>;

export const logEntrySchema = z.object({
  id: z.number().int(),
  clanTag: z.string(),
  playerTag: z.string(),
  name: z.string(),
  kind: z.enum(LOG_KIND_VALUES),
  at: isoTimestampSchema,
  otherClanTag: z.string().nullable(),
  /** the line as leaders read it */
  text: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;
export const clanLogResponseSchema = z.object({ entries: z.array(logEntrySchema) });
export type ClanLogResponse = z.infer<typeof clanLogResponseSchema>;

export const noteSchema = z.object({
  id: z.number().int(),
  playerTag: z.string(),
  clanTag: z.string(),
  kind: z.enum(['note', 'strike']),
  reason: z.string(),
  createdAt: isoTimestampSchema,
  expiresAt: isoTimestampSchema.nullable(),
  author: z.string(),
  /** a strike still counting */
  active: z.boolean(),
});
export type LeaderNoteView = z.infer<typeof noteSchema>;

export const tenureSchema = z.object({
  days: z.number().int(),
  stints: z.number().int(),
  summary: z.string(),
  timeline: z.array(
    z.object({
      clanTag: z.string(),
      joinedAt: isoTimestampSchema,
      leftAt: isoTimestampSchema.nullable(),
      days: z.number().int(),
    }),
  ),
});

export const memberMemoryParamsSchema = z.object({ tag: playerTag });
export const memberMemorySchema = z.object({
  playerTag: z.string(),
  name: z.string().nullable(),
  tenure: tenureSchema,
  familyTenure: tenureSchema,
  notes: z.array(noteSchema),
  activeStrikes: z.number().int(),
  atRisk: z.boolean(),
  watch: z.object({ reason: z.string(), addedAt: isoTimestampSchema }).nullable(),
  log: z.array(logEntrySchema),
});
export type MemberMemory = z.infer<typeof memberMemorySchema>;

export const noteInputSchema = z.object({
  playerTag,
  kind: z.enum(['note', 'strike']),
  reason: z
    .string({ error: 'Write the reason' })
    .trim()
    .min(1, 'Write the reason')
    .max(300, 'The reason is at most 300 characters'),
  /** a strike's lifetime in days; the clan's default when absent */
  days: z.number().int().min(1, 'A strike lasts at least a day').max(365, 'A strike lasts at most 365 days').optional(),
});
export type NoteInput = z.input<typeof noteInputSchema>;
export const noteParamsSchema = z.object({ id: z.coerce.number().int().min(1) });
export const noteSavedSchema = z.object({ note: noteSchema, message: z.string() });

export const watchEntrySchema = z.object({
  playerTag: z.string(),
  name: z.string().nullable(),
  reason: z.string(),
  addedAt: isoTimestampSchema,
  addedBy: z.string(),
});
export type WatchEntryView = z.infer<typeof watchEntrySchema>;
export const watchListResponseSchema = z.object({ entries: z.array(watchEntrySchema) });
export type WatchListResponse = z.infer<typeof watchListResponseSchema>;
export const watchInputSchema = z.object({
  playerTag,
  reason: z
    .string({ error: 'Write the reason' })
    .trim()
    .min(1, 'Write the reason')
    .max(300, 'The reason is at most 300 characters'),
});
export type WatchInput = z.input<typeof watchInputSchema>;
export const watchParamsSchema = z.object({ tag: playerTag });

export const strikeRulesSchema = z.object({
  threshold: z.number().int().min(0).max(20),
  days: z.number().int().min(1).max(365),
  auto: z.boolean(),
  /** the player is told of a strike by direct message (their proven Discord link) */
  dm: z.boolean().default(false),
});
export type StrikeRulesView = z.infer<typeof strikeRulesSchema>;
export const strikeRulesResponseSchema = strikeRulesSchema.extend({ caption: z.string(), logChannel: z.boolean() });
export type StrikeRulesResponse = z.infer<typeof strikeRulesResponseSchema>;

/** The clan's strike rule in words, beside the rule (server/src/modules/leaders/strikes.ts `strikeStanding`). */
export function strikeRuleCaption(threshold: number, days: number): string {
  const counts = `A strike counts for ${days} days unless given another expiry.`;
  if (threshold <= 0) return `${counts} Strikes put nobody at risk (no threshold set).`;
  return (
    `${counts} ${threshold} active strike${threshold === 1 ? '' : 's'} put a member at risk. Automatic strikes are ` +
    'given only for judged days and weeks: never an excused day, the day or week a member joined, or a day after the ' +
    'clan finished.'
  );
}
