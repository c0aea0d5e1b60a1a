import { z } from 'zod';
import { isoTimestampSchema } from './common.js';

/**
 * Public API responses (docs/product.md §3 and §7, docs/architecture.md §5). Every cached response carries
 * `asOf` (when the data was fetched upstream) and `demo` (true when served by the simulator).
 */
const cacheMeta = {
  asOf: isoTimestampSchema,
  demo: z.boolean(),
  stale: z.boolean(),
};

export const clanResponseSchema = z.object({
  tag: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.string(),
  requiredTrophies: z.number().int(),
  locationName: z.string().nullable(),
  clanScore: z.number().int(),
  members: z.number().int(),
  clanWarTrophies: z.number().int(),
  donationsPerWeek: z.number().int(),
  ...cacheMeta,
});
export type ClanResponse = z.infer<typeof clanResponseSchema>;

export const clanRankingsResponseSchema = z.object({
  localRank: z.number().int().nullable(),
  localTrophyRank: z.number().int().nullable(),
  globalRank: z.number().int().nullable(),
  globalTrophyRank: z.number().int().nullable(),
  locationName: z.string().nullable(),
  ...cacheMeta,
});
export type ClanRankingsResponse = z.infer<typeof clanRankingsResponseSchema>;

export const leaderResponseSchema = z.object({
  name: z.string(),
  tag: z.string(),
  expLevel: z.number().int().nullable(),
  trophies: z.number().int().nullable(),
  bestTrophies: z.number().int().nullable(),
  polLeagueNumber: z.number().int().nullable(),
  ...cacheMeta,
});
export type LeaderResponse = z.infer<typeof leaderResponseSchema>;

export const memberRoleSchema = z.enum(['leader', 'coleader', 'elder', 'member']);
export type MemberRole = z.infer<typeof memberRoleSchema>;

export const memberSchema = z.object({
  playerTag: z.string(),
  name: z.string(),
  role: memberRoleSchema,
  trophies: z.number().int().nullable(),
  bestTrophies: z.number().int().nullable(),
  polLeagueNumber: z.number().int().nullable(),
  polTrophies: z.number().int().nullable(),
  mergeTacticsScore: z.number().int().nullable(),
  mergeTacticsArena: z.string().nullable(),
  donations: z.number().int().nullable(),
  wins: z.number().int().nullable(),
  losses: z.number().int().nullable(),
  expLevel: z.number().int().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

export const membersResponseSchema = z.object({
  members: z.array(memberSchema),
  ...cacheMeta,
});
export type MembersResponse = z.infer<typeof membersResponseSchema>;

export const highestWarWeekResponseSchema = z.object({
  totalFame: z.number().int().nullable(),
  weekTitle: z.string().nullable(),
});
export type HighestWarWeekResponse = z.infer<typeof highestWarWeekResponseSchema>;

export const highestWarDayResponseSchema = z.object({
  pointsEarned: z.number().int().nullable(),
  dayTitle: z.string().nullable(),
});
export type HighestWarDayResponse = z.infer<typeof highestWarDayResponseSchema>;

export const bestFameResponseSchema = z.object({
  playerName: z.string().nullable(),
  playerTag: z.string().nullable(),
  fame: z.number().int().nullable(),
  weekTitle: z.string().nullable(),
});
export type BestFameResponse = z.infer<typeof bestFameResponseSchema>;

export const monthlyChampionSchema = z.object({
  playerName: z.string(),
  playerTag: z.string(),
  month: z.number().int().min(1).max(12),
  year: z.number().int(),
  fameEarned: z.number().int(),
  isCurrentChampion: z.boolean(),
  isChampionOnTheRise: z.boolean(),
});
export type MonthlyChampion = z.infer<typeof monthlyChampionSchema>;

export const monthlyChampionsResponseSchema = z.array(monthlyChampionSchema);
export type MonthlyChampionsResponse = z.infer<typeof monthlyChampionsResponseSchema>;

export const currentIpResponseSchema = z.object({
  currentIP: z.string().nullable(),
});
export type CurrentIpResponse = z.infer<typeof currentIpResponseSchema>;

// Kept in its own module so the web bundle can import it without zod.
export { FRESHNESS_MS, type PublicEndpoint } from './freshness.js';
