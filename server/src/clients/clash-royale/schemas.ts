import { z } from 'zod';
import { parseCrTime } from './timestamps.js';

/**
 * Response schemas (docs/clash-royale-api.md §6). Unknown keys are dropped, optional keys are usually
 * absent rather than null (§5), and timestamps become Date (the sentinel becomes null).
 */
export const crTimeSchema = z.string().transform((text, ctx) => {
  const date = parseCrTime(text);
  if (date === undefined) {
    ctx.addIssue({ code: 'custom', message: `not an API timestamp: ${text}` });
    return z.NEVER;
  }
  return date;
});

const int = z.number();
const pagingSchema = z.object({
  cursors: z.object({ after: z.string().optional(), before: z.string().optional() }).optional(),
});

export const arenaSchema = z.object({ id: int, name: z.string(), rawName: z.string().optional() });

export const locationSchema = z.object({
  id: int,
  name: z.string(),
  isCountry: z.boolean(),
  countryCode: z.string().optional(),
});

export const clanMemberSchema = z.object({
  tag: z.string(),
  name: z.string(),
  role: z.string(),
  lastSeen: crTimeSchema.optional(),
  // 0 for everyone since mid-2026 (docs/clash-royale-api.md §6.1): read King level from the profile.
  expLevel: int.default(0),
  trophies: int,
  arena: arenaSchema.optional(),
  clanRank: int.optional(),
  previousClanRank: int.optional(),
  donations: int.default(0),
  donationsReceived: int.default(0),
});

export const clanSchema = z.object({
  tag: z.string(),
  name: z.string(),
  type: z.string(),
  description: z.string().default(''),
  badgeId: int.optional(),
  clanScore: int,
  clanWarTrophies: int.default(0),
  location: locationSchema.optional(),
  requiredTrophies: int.default(0),
  donationsPerWeek: int.default(0),
  members: int,
  memberList: z.array(clanMemberSchema).default([]),
});

export const clanMembersSchema = z.object({ items: z.array(clanMemberSchema), paging: pagingSchema.optional() });

export const participantSchema = z.object({
  tag: z.string(),
  name: z.string(),
  fame: int.default(0),
  repairPoints: int.default(0),
  boatAttacks: int.default(0),
  decksUsed: int.default(0),
  decksUsedToday: int.default(0),
});

export const raceClanSchema = z.object({
  tag: z.string(),
  name: z.string(),
  badgeId: int.optional(),
  fame: int.default(0),
  repairPoints: int.default(0),
  // Absent until the clan crosses the line; the sentinel for non-finishers and colosseum (§5).
  finishTime: crTimeSchema.optional().transform((v) => v ?? null),
  participants: z.array(participantSchema).default([]),
  periodPoints: int.default(0),
  clanScore: int.default(0),
});

export const periodLogItemSchema = z.object({
  clan: z.object({ tag: z.string() }),
  pointsEarned: int.default(0),
  progressStartOfDay: int.default(0),
  progressEndOfDay: int.default(0),
  endOfDayRank: int.default(-1),
  progressEarned: int.default(0),
  numOfDefensesRemaining: int.default(0),
  progressEarnedFromDefenses: int.default(0),
});

export const periodLogSchema = z.object({ periodIndex: int, items: z.array(periodLogItemSchema).default([]) });

export const currentRiverRaceSchema = z.object({
  state: z.string().optional(),
  clan: raceClanSchema,
  clans: z.array(raceClanSchema).default([]),
  sectionIndex: int,
  periodIndex: int,
  // Only "training", "warDay" and "colosseum" were seen on the wire (§6.3); others are kept as text.
  periodType: z.string(),
  periodLogs: z.array(periodLogSchema).default([]),
});

export const riverRaceLogItemSchema = z.object({
  seasonId: int,
  sectionIndex: int,
  createdDate: crTimeSchema,
  standings: z.array(z.object({ rank: int, trophyChange: int.default(0), clan: raceClanSchema })).default([]),
});

export const riverRaceLogSchema = z.object({ items: z.array(riverRaceLogItemSchema), paging: pagingSchema.optional() });

const pathOfLegendResultSchema = z
  .object({
    leagueNumber: int,
    trophies: int.default(0),
    rank: int
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  })
  .nullable()
  .optional()
  .transform((v) => v ?? null);

export const progressEntrySchema = z.object({
  arena: arenaSchema.optional(),
  trophies: int.default(0),
  bestTrophies: int.optional(),
});

/** A card in `cards`, `currentDeck` or `currentFavouriteCard`: only what an ownership challenge names. */
export const playerCardSchema = z.object({ id: int, name: z.string() });

export const playerSchema = z.object({
  tag: z.string(),
  name: z.string(),
  expLevel: int,
  trophies: int,
  bestTrophies: int,
  wins: int.default(0),
  losses: int.default(0),
  battleCount: int.optional(),
  threeCrownWins: int.optional(),
  role: z.string().optional(),
  donations: int.optional(),
  donationsReceived: int.optional(),
  warDayWins: int.optional(),
  clan: z.object({ tag: z.string(), name: z.string(), badgeId: int.optional() }).optional(),
  arena: arenaSchema.optional(),
  kingTowerLevel: int.optional(),
  currentPathOfLegendSeasonResult: pathOfLegendResultSchema,
  lastPathOfLegendSeasonResult: pathOfLegendResultSchema,
  bestPathOfLegendSeasonResult: pathOfLegendResultSchema,
  progress: z.record(z.string(), progressEntrySchema).default({}),
  cards: z.array(playerCardSchema).default([]),
  currentDeck: z.array(playerCardSchema).default([]),
  currentFavouriteCard: playerCardSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});

export const locationsSchema = z.object({ items: z.array(locationSchema), paging: pagingSchema.optional() });

export const clanRankingEntrySchema = z.object({
  tag: z.string(),
  name: z.string(),
  rank: int,
  previousRank: int.optional(),
  location: locationSchema.optional(),
  clanScore: int,
  members: int.optional(),
  badgeId: int.optional(),
});

export const clanRankingsSchema = z.object({ items: z.array(clanRankingEntrySchema), paging: pagingSchema.optional() });

/** The body of an error answer (§4). */
export const errorBodySchema = z.object({ reason: z.string().optional(), message: z.string().optional() });

export type Clan = z.output<typeof clanSchema>;
export type ClanMember = z.output<typeof clanMemberSchema>;
export type ClanMembers = z.output<typeof clanMembersSchema>;
export type Participant = z.output<typeof participantSchema>;
export type RaceClan = z.output<typeof raceClanSchema>;
export type PeriodLog = z.output<typeof periodLogSchema>;
export type PeriodLogItem = z.output<typeof periodLogItemSchema>;
export type CurrentRiverRace = z.output<typeof currentRiverRaceSchema>;
export type RiverRaceLogItem = z.output<typeof riverRaceLogItemSchema>;
export type RiverRaceLog = z.output<typeof riverRaceLogSchema>;
export type Player = z.output<typeof playerSchema>;
export type PathOfLegendResult = Player['currentPathOfLegendSeasonResult'];
export type ProgressEntry = z.output<typeof progressEntrySchema>;
export type Location = z.output<typeof locationSchema>;
export type Locations = z.output<typeof locationsSchema>;
export type ClanRankingEntry = z.output<typeof clanRankingEntrySchema>;
export type ClanRankings = z.output<typeof clanRankingsSchema>;
