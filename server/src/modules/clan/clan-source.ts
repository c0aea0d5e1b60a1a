/**
 * What the public clan data is computed from: the Clash Royale client (or the simulator behind it)
 * satisfies these types, so this module depends on the data it reads, not on the client
 * (docs/architecture.md §2 import rules). Only the fields used here are named.
 */

export interface ArenaRef {
  name: string;
  rawName?: string;
}

export interface ClanMemberData {
  tag: string;
  name: string;
  role: string;
  trophies: number;
  donations: number;
}

export interface ClanData {
  tag: string;
  name: string;
  description: string;
  type: string;
  requiredTrophies: number;
  location?: { id: number; name: string };
  clanScore: number;
  members: number;
  clanWarTrophies: number;
  donationsPerWeek: number;
  memberList: ClanMemberData[];
}

export interface ProgressEntry {
  arena?: ArenaRef;
  trophies: number;
}

export interface PlayerData {
  expLevel: number;
  trophies: number;
  bestTrophies: number;
  wins: number;
  losses: number;
  currentPathOfLegendSeasonResult: { leagueNumber: number; trophies: number } | null;
  progress: Record<string, ProgressEntry>;
}

export interface ClanRankingsData {
  items: { tag: string; rank: number }[];
}

export interface ClanSource {
  getClan(clanTag: string): Promise<ClanData>;
  getPlayer(playerTag: string): Promise<PlayerData>;
  getClanRankings(locationId: number | 'global'): Promise<ClanRankingsData>;
  getClanWarRankings(locationId: number | 'global'): Promise<ClanRankingsData>;
  /** the server's IP as the API named it in its last invalidIp refusal */
  readonly lastInvalidIp: { ip: string } | null;
}
