import { z } from 'zod';
import { isoTimestampSchema } from './common.js';
import { memberRoleSchema } from './public.js';

/**
 * A page for every member (docs/product.md §2): `GET /api/clan/members/{tag}/history`, read from what the
 * scripts stored. Nothing here is guessed: a battle day the data says nothing about is marked so, never 0.
 */

/**
 * Why a battle day counts or not: `counted` (exact, or a range below 4), `uncertain` (a range reaching 4),
 * `joined` (joined the clan that day), `untracked` (not seen in the clan at the day's start), `excused` (a
 * leader-approved absence), `race-finished` (the clan had finished before the day began), `not-in-clan`
 * (reported, but the player was not a member then), `not-reported` (no report of that day). The War report's
 * notes, plus the last two.
 */
export const memberDayNoteSchema = z.enum([
  'counted',
  'uncertain',
  'joined',
  'untracked',
  'excused',
  'race-finished',
  'not-in-clan',
  'not-reported',
]);
export type MemberDayNote = z.infer<typeof memberDayNoteSchema>;

export const memberDaySchema = z.object({
  day: z.number().int().min(1).max(4),
  note: memberDayNoteSchema,
  /** the least the data proves; null when the day says nothing about the player (not reported, not in the clan) */
  decksUsed: z.number().int().nullable(),
  /** equal to decksUsed when exact; higher when a missing snapshot leaves a range */
  decksUsedMax: z.number().int().nullable(),
  /** in a family: the clan whose report this day reads from; null when no clan's report speaks of the player */
  clanTag: z.string().nullable().optional(),
});
export type MemberDay = z.infer<typeof memberDaySchema>;

/** A clan of the family as the member page names it (name null until the clan was first polled). */
export const memberClanSchema = z.object({ tag: z.string(), name: z.string().nullable() });
export type MemberClan = z.infer<typeof memberClanSchema>;

/** One clan's part of a week: its log's fame and decks for the player (null: not in that clan's log). */
export const memberWeekPartSchema = z.object({
  clan: memberClanSchema,
  fame: z.number().int().nullable(),
  decksUsed: z.number().int().nullable(),
});

export const memberWeekSchema = z.object({
  seasonId: z.number().int(),
  sectionIndex: z.number().int(),
  /** "Season 138 · Week 3 · Nov 16–23, 2026", or "Season 138 · Week 4" before the week is stored */
  title: z.string(),
  /** whether the river race log has stored the finished week (its fame and decks are then known) */
  stored: z.boolean(),
  /** the week's fame and decks from the log; null when the week is not stored or the player is not in its log */
  fame: z.number().int().nullable(),
  decksUsed: z.number().int().nullable(),
  /** battle days 1 to 4 */
  days: z.array(memberDaySchema),
  /** in a family: each clan whose log or reports hold the week (two after a move that week; fame and decks added) */
  parts: z.array(memberWeekPartSchema).optional(),
});
export type MemberWeek = z.infer<typeof memberWeekSchema>;

export const memberTitleSchema = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  fameEarned: z.number().int(),
  /** another player had the same top fame that month */
  shared: z.boolean(),
  /** the month in progress (New York): leading so far, not won yet */
  inProgress: z.boolean(),
  /** in a family: the clan whose monthly figures the title is from */
  clanTag: z.string().optional(),
});
export type MemberTitle = z.infer<typeof memberTitleSchema>;

/** A leader-approved absence; days as YYYY-MM-DD, both included. */
export const excusedAbsenceSchema = z.object({
  startsOn: z.string(),
  endsOn: z.string(),
  reason: z.string().nullable(),
});
export type ExcusedAbsence = z.infer<typeof excusedAbsenceSchema>;

/** A stretch in one clan of the family (a clan_members row). */
export const memberStintSchema = z.object({
  clan: memberClanSchema,
  firstSeenAt: isoTimestampSchema,
  /** null while the player is still in that clan */
  leftAt: isoTimestampSchema.nullable(),
});

/** A move within the family: left one clan, joined another within a day (docs/decisions/100-clan-family-data-model.md). */
export const memberMoveSchema = z.object({
  from: memberClanSchema,
  to: memberClanSchema,
  leftAt: isoTimestampSchema,
  joinedAt: isoTimestampSchema,
});
export type MemberMove = z.infer<typeof memberMoveSchema>;

/**
 * The player's tenure in the clan of the current stint (or of the last one): every stint there, summed (docs/leaders-memory.md,
 * "Tenure"). Join and leave dates are public facts; the leaders' notes, strikes and watch list are never here.
 */
export const memberTenureSchema = z.object({
  /** whole days in the clan over every stint, the current one up to now */
  days: z.number().int(),
  stints: z.number().int(),
  /** "in the clan 143 days over 3 stints" */
  summary: z.string(),
  /** each stint, oldest first; leftAt null for the current one */
  timeline: z.array(
    z.object({ joinedAt: isoTimestampSchema, leftAt: isoTimestampSchema.nullable(), days: z.number().int() }),
  ),
});
export type MemberTenure = z.infer<typeof memberTenureSchema>;

export const memberPageParamsSchema = z.object({
  /** without `#`, any case (the server normalises it; a tag that cannot be one answers 400) */
  tag: z.string().max(32),
});

export const memberPageResponseSchema = z.object({
  /** normalised, with `#` */
  tag: z.string(),
  name: z.string(),
  /** the role last seen; null for a player only ever seen in a war log */
  role: memberRoleSchema.nullable(),
  /** when ClanOps first saw the player in the clan (the current stint); null when never seen in the roster */
  firstSeenAt: isoTimestampSchema.nullable(),
  /** a member of the clan now (in a family: of any of its clans) */
  inClan: z.boolean(),
  /** when the player was seen to leave; null while a member or never seen in the roster */
  leftAt: isoTimestampSchema.nullable(),
  /** tenure in the clan of the current (or last) stint; null when never seen in the roster (only in a war log) */
  tenure: memberTenureSchema.nullable(),
  /** every war week from the player's first tracked week on, oldest first */
  weeks: z.array(memberWeekSchema),
  /** battle days in a row, up to the newest known one, with all 4 decks used (docs/decisions/090-member-page-history.md) */
  fullDeckStreak: z.number().int(),
  trends: z.object({
    /** one value per UTC day seen, oldest first (kept 400 days) */
    trophies: z.array(z.object({ day: z.string(), trophies: z.number().int() })),
    /** per stored week, oldest first; null when the player is not in that week's log */
    fame: z.array(
      z.object({
        seasonId: z.number().int(),
        sectionIndex: z.number().int(),
        title: z.string(),
        fame: z.number().int().nullable(),
      }),
    ),
  }),
  /** months the player topped the monthly fame, newest first (the monthly champions rule) */
  titles: z.array(memberTitleSchema),
  /** leader-approved absences, oldest first */
  excused: z.array(excusedAbsenceSchema),
  /** the clan is the simulated demo clan (docs/decisions/004-demo-mode.md) */
  demo: z.boolean(),
  // The family's fields: left out while there is one clan and the player never moved.
  /** the clan of the current stint (or of the last one, after leaving the family) */
  clan: memberClanSchema.nullable().optional(),
  /** in the family since, when a move carried it over from an earlier stint (firstSeenAt is then this stint's start) */
  familyFirstSeenAt: isoTimestampSchema.nullable().optional(),
  /** every stint in the family's clans, oldest first */
  stints: z.array(memberStintSchema).optional(),
  /** moves within the family, oldest first */
  moves: z.array(memberMoveSchema).optional(),
});
export type MemberPageResponse = z.infer<typeof memberPageResponseSchema>;
