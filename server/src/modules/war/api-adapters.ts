import type { LogParticipant, PeriodLog, RiverRaceLogWeek, RiverRaceSnapshot, SnapshotParticipant } from './types.js';

/**
 * Structural views of the Clash Royale payloads (docs/clash-royale-api.md §6.3, §6.4): only the fields the
 * war domain uses, so the client's parsed objects (or raw fixtures) fit without a dependency.
 */
interface ApiParticipant {
  tag: string;
  name: string;
  fame: number;
  decksUsed: number;
  decksUsedToday?: number;
  boatAttacks: number;
  repairPoints?: number;
}

export interface ApiCurrentRiverRace {
  sectionIndex: number;
  periodIndex: number;
  periodType: string;
  clan: {
    tag: string;
    fame: number;
    periodPoints?: number;
    finishTime?: string | Date | null;
    participants: ApiParticipant[];
  };
  periodLogs?: {
    periodIndex: number;
    items: {
      clan: { tag: string };
      pointsEarned: number;
      progressEarned: number;
      progressEndOfDay?: number;
      endOfDayRank: number;
    }[];
  }[];
}

export interface ApiRiverRaceLogItem {
  seasonId: number;
  sectionIndex: number;
  createdDate: string | Date;
  standings: {
    rank: number;
    trophyChange: number;
    clan: { tag: string; fame: number; finishTime?: string | Date | null; participants: ApiParticipant[] };
  }[];
}

/** The API's compact timestamps ("20260629T093706.000Z"); ISO strings and Dates pass through. */
export function parseApiDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\.\d+)?Z$/.exec(value);
  const date = m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ''}Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`Unreadable Clash Royale date: ${value}`);
  return date;
}

function snapshotParticipant(p: ApiParticipant): SnapshotParticipant {
  return {
    tag: p.tag,
    name: p.name,
    fame: p.fame,
    decksUsed: p.decksUsed,
    decksUsedToday: p.decksUsedToday ?? 0,
    boatAttacks: p.boatAttacks,
  };
}

/** A finish time, or null for "not finished" (absent, or the API's 1969 sentinel, §5). */
export function finishTimeOf(value: string | Date | null | undefined): Date | null {
  if (value === undefined || value === null) return null;
  const date = parseApiDate(value);
  return date.getTime() <= 0 ? null : date;
}

/** A `currentriverrace` response as the snapshot the scripts store, with the roster seen beside it. */
export function snapshotFromApi(
  race: ApiCurrentRiverRace,
  takenAt: Date,
  seasonId: number,
  memberTags: string[] | null = null,
): RiverRaceSnapshot {
  const periodLogs: PeriodLog[] = [];
  for (const log of race.periodLogs ?? []) {
    const mine = log.items.find((i) => i.clan.tag === race.clan.tag);
    if (mine) {
      periodLogs.push({
        periodIndex: log.periodIndex,
        pointsEarned: mine.pointsEarned,
        progressEarned: mine.progressEarned,
        ...(mine.progressEndOfDay === undefined ? {} : { progressEndOfDay: mine.progressEndOfDay }),
        endOfDayRank: mine.endOfDayRank,
      });
    }
  }
  return {
    takenAt,
    seasonId,
    sectionIndex: race.sectionIndex,
    periodIndex: race.periodIndex,
    periodType: race.periodType,
    clanFame: race.clan.fame,
    periodPoints: race.clan.periodPoints ?? 0,
    participants: race.clan.participants.map(snapshotParticipant),
    periodLogs,
    memberTags,
    finishTime: finishTimeOf(race.clan.finishTime),
  };
}

/** The clan's own standing in a log item, or null when the clan is not in it. */
export function logWeekFromApi(item: ApiRiverRaceLogItem, clanTag: string): RiverRaceLogWeek | null {
  const standing = item.standings.find((s) => s.clan.tag === clanTag);
  if (!standing) return null;
  const participants: LogParticipant[] = standing.clan.participants.map((p) => ({
    tag: p.tag,
    name: p.name,
    fame: p.fame,
    decksUsed: p.decksUsed,
    boatAttacks: p.boatAttacks,
    repairPoints: p.repairPoints ?? 0,
  }));
  return {
    seasonId: item.seasonId,
    sectionIndex: item.sectionIndex,
    createdDate: parseApiDate(item.createdDate),
    clanRank: standing.rank,
    trophyChange: standing.trophyChange,
    clanFame: standing.clan.fame,
    finishTime: finishTimeOf(standing.clan.finishTime),
    participants,
  };
}
