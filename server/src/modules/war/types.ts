/**
 * Plain inputs of the war domain (docs/war-tracking.md). Adapters map the Clash Royale client's parsed
 * objects onto these (see api-adapters.ts); the domain never sees raw API payloads.
 */
export type BattleDay = 1 | 2 | 3 | 4;

export interface SnapshotParticipant {
  tag: string;
  name: string;
  fame: number;
  decksUsed: number;
  decksUsedToday: number;
  boatAttacks: number;
}

/** One closed battle day of the clan, from `periodLogs` (docs/clash-royale-api.md §6.3). */
export interface PeriodLog {
  periodIndex: number;
  pointsEarned: number;
  progressEarned: number;
  /** the boat at the close: 10,000 on the day the clan crossed, more after (absent in rows stored before it was kept) */
  progressEndOfDay?: number;
  endOfDayRank: number;
}

/** One `currentriverrace` observation with the roster seen beside it, as stored in war_state_cache. */
export interface RiverRaceSnapshot {
  takenAt: Date;
  /** the API does not send it; derived from the log and the calendar (docs/war-tracking.md) */
  seasonId: number;
  sectionIndex: number;
  periodIndex: number;
  periodType: string;
  clanFame: number;
  periodPoints: number;
  participants: SnapshotParticipant[];
  periodLogs: PeriodLog[];
  /** the clan's member tags at `takenAt`; null when the roster was not observed */
  memberTags: string[] | null;
  /** when the clan crossed the finish line this week (absent in colosseum weeks) */
  finishTime: Date | null;
}

export interface LogParticipant {
  tag: string;
  name: string;
  fame: number;
  decksUsed: number;
  boatAttacks: number;
  repairPoints: number;
}

/** One finished week of the clan, from a `riverracelog` item (docs/clash-royale-api.md §6.4, §7.6). */
export interface RiverRaceLogWeek {
  seasonId: number;
  sectionIndex: number;
  /** the Monday reset that closed the week */
  createdDate: Date;
  clanRank: number;
  trophyChange: number;
  clanFame: number;
  /** when the clan crossed the finish line (null: it did not, or a colosseum week) */
  finishTime: Date | null;
  participants: LogParticipant[];
}

/** A current member with the time ClanOps first saw them in the roster. */
export interface RosterMember {
  tag: string;
  name: string;
  firstSeenAt: Date;
}
