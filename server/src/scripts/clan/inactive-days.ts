import type { Db } from '../../db/database.js';
import { periodStartDate } from '../../modules/war/calendar.js';
import { dayContextSnapshots } from '../../modules/war/day-context.repository.js';
import { buildDeckReport, type FamilyClanWeek } from '../../modules/war/deck-report.js';
import { listCurrentRoster } from '../../modules/war/roster.repository.js';
import { storedLogWeek } from '../../modules/war/river-race.repository.js';
import { dayTitle } from '../../modules/war/titles.js';
import type { RiverRaceLogWeek } from '../../modules/war/types.js';
import { findDayReport, reportedDayKeys, type StoredDayReport } from '../../modules/war/war-day-report.repository.js';
import {
  battleDaysEndedSince,
  dayKeyText,
  firstTrackedDay,
  lastEndedBattleDay,
  positionOfDay,
  previousBattleDay,
  type BattleDayKey,
  type RacePosition,
} from '../../modules/war/war-days.js';
import {
  firstSnapshotAfter,
  firstSnapshotPosition,
  lastSnapshotBefore,
  snapshotsForDay,
} from '../../modules/war/war-state.repository.js';

/** At most this many of the newest ended battle days (two war weeks) can still be owed a report. */
const OWED_HORIZON = 8;

/**
 * Battle days that have ended (their closing reset is in the data: `current` is past them), have
 * not been reported, and fall inside what ClanOps has tracked: oldest first (docs/war-tracking.md).
 */
export async function owedDays(db: Db, clanTag: string, current: RacePosition): Promise<BattleDayKey[]> {
  const first = await firstSnapshotPosition(db.kysely, clanTag);
  const from = first ? firstTrackedDay(first) : lastEndedBattleDay(current);
  const reported = await reportedDayKeys(db.kysely, clanTag, current.seasonId - 1);
  return battleDaysEndedSince(from, current, OWED_HORIZON).filter((d) => !reported.has(dayKeyText(d)));
}

export type BuiltDay = { kind: 'ready'; stored: StoredDayReport } | { kind: 'waiting-for-log'; key: BattleDayKey };

/** What a day's report is built from besides the stored snapshots. */
export interface DayInputs {
  /** the clan's current members (the poll's roster) */
  roster: readonly { tag: string; name: string }[];
  /** the poll's fresh log items; stored weeks are the fallback */
  log: readonly RiverRaceLogWeek[];
  now: Date;
  /** the family's other active clans (docs/war-tracking.md §5, "One day, one clan") */
  family?: readonly { tag: string; name: string }[];
}

/**
 * A battle day's report from stored snapshots (and, for day 4, the log item of that very week:
 * never an older one), read across the family: a player's day belongs to the clan they were in at its reset.
 */
export async function buildDay(db: Db, clanTag: string, key: BattleDayKey, inputs: DayInputs): Promise<BuiltDay> {
  let logWeek: RiverRaceLogWeek | null = null;
  if (key.day === 4) {
    logWeek =
      inputs.log.find((w) => w.seasonId === key.seasonId && w.sectionIndex === key.sectionIndex) ??
      (await storedLogWeek(db.kysely, clanTag, key.seasonId, key.sectionIndex));
    if (!logWeek) return { kind: 'waiting-for-log', key };
  }
  const position = positionOfDay(key);
  const [snapshots, family] = await Promise.all([
    clanWeekSnapshots(db, clanTag, key),
    Promise.all((inputs.family ?? []).map((clan) => familyClanWeek(db, clan, key))),
  ]);
  const report = buildDeckReport({ ...key, clanTag, snapshots, logWeek, roster: inputs.roster, family });
  const [before, after] = await Promise.all([
    lastSnapshotBefore(db.kysely, clanTag, position),
    firstSnapshotAfter(db.kysely, clanTag, position),
  ]);
  return {
    kind: 'ready',
    stored: {
      report,
      title: titleOfDay(key),
      reportedAt: inputs.now,
      startedAfter: before?.takenAt ?? null,
      endedBy: after?.takenAt ?? null,
    },
  };
}

async function clanWeekSnapshots(db: Db, clanTag: string, key: BattleDayKey) {
  const position = positionOfDay(key);
  const [week, context, after] = await Promise.all([
    snapshotsForDay(db.kysely, clanTag, key),
    dayContextSnapshots(db.kysely, clanTag, position),
    // day 4: the first look past the week's end (who was still in the clan when it closed)
    key.day === 4
      ? dayContextSnapshots(db.kysely, clanTag, { ...position, periodIndex: position.periodIndex + 1 })
      : [],
  ]);
  return [...week, ...context, ...after];
}

/** Another family clan's side of the day: its snapshots, its stored log item of the week, its members now. */
async function familyClanWeek(db: Db, clan: { tag: string; name: string }, key: BattleDayKey): Promise<FamilyClanWeek> {
  const [snapshots, logWeek, members, reported] = await Promise.all([
    clanWeekSnapshots(db, clan.tag, key),
    key.day === 4 ? storedLogWeek(db.kysely, clan.tag, key.seasonId, key.sectionIndex) : null,
    listCurrentRoster(db.kysely, clan.tag),
    findDayReport(db.kysely, clan.tag, key),
  ]);
  const listed = reported ? new Set(reported.report.players.map((p) => p.tag)) : null;
  return { clanTag: clan.tag, clanName: clan.name, snapshots, logWeek, members, reported: listed };
}

/** "Season 137 · Week 3 · Battle day 2 · Nov 20, 2026" (the date the day's reset fell on). */
export function titleOfDay(key: BattleDayKey): string {
  const start = periodStartDate(key.seasonId, positionOfDay(key).periodIndex);
  return dayTitle(key.seasonId, key.sectionIndex, key.day, new Date(start.getTime() + 12 * 3_600_000));
}

/**
 * The newest ended battle day a report can be built for now (a manual run): day 4 waits for its
 * week's log item, so before the log rolls the newest computable day is day 3.
 */
export async function newestComputableDay(
  db: Db,
  clanTag: string,
  current: RacePosition,
  inputs: DayInputs,
): Promise<StoredDayReport | null> {
  let key = lastEndedBattleDay(current);
  for (let i = 0; i < 2; i++) {
    const built = await buildDay(db, clanTag, key, inputs);
    if (built.kind === 'ready') return built.stored;
    key = previousBattleDay(key);
  }
  return null;
}

/**
 * Where the data places the end of `key`: after the last snapshot taken during it (or before)
 * and no later than the first snapshot that shows a later day. `seenBy` is null while the day
 * has not been seen to end.
 */
export async function endBounds(
  db: Db,
  clanTag: string,
  key: BattleDayKey,
): Promise<{ after: Date | null; seenBy: Date | null }> {
  const position = positionOfDay(key);
  const [seen, before] = await Promise.all([
    firstSnapshotAfter(db.kysely, clanTag, position),
    lastSnapshotBefore(db.kysely, clanTag, { ...position, periodIndex: position.periodIndex + 1 }),
  ]);
  return { after: before?.takenAt ?? null, seenBy: seen?.takenAt ?? null };
}
