import type { Db } from '../../db/database.js';
import { periodStartDate } from '../../modules/war/calendar.js';
import { approvedBetween } from '../../modules/members/absences.repository.js';
import { isExcused, utcDate } from '../../modules/members/excused.js';
import { dayContextSnapshots } from '../../modules/war/day-context.repository.js';
import { buildDeckReport } from '../../modules/war/deck-report.js';
import { storedLogWeek } from '../../modules/war/river-race.repository.js';
import { dayTitle } from '../../modules/war/titles.js';
import type { RiverRaceLogWeek } from '../../modules/war/types.js';
import { reportedDayKeys, type StoredDayReport } from '../../modules/war/war-day-report.repository.js';
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

/**
 * A battle day's report from stored snapshots (and, for day 4, the log item of that very week:
 * never an older one). `log` is the poll's fresh log; stored weeks are the fallback.
 */
export async function buildDay(
  db: Db,
  clanTag: string,
  key: BattleDayKey,
  roster: readonly { tag: string; name: string }[],
  log: readonly RiverRaceLogWeek[],
  now: Date,
): Promise<BuiltDay> {
  let logWeek: RiverRaceLogWeek | null = null;
  if (key.day === 4) {
    logWeek =
      log.find((w) => w.seasonId === key.seasonId && w.sectionIndex === key.sectionIndex) ??
      (await storedLogWeek(db.kysely, clanTag, key.seasonId, key.sectionIndex));
    if (!logWeek) return { kind: 'waiting-for-log', key };
  }
  const position = positionOfDay(key);
  const [week, context] = await Promise.all([
    snapshotsForDay(db.kysely, clanTag, key),
    dayContextSnapshots(db.kysely, clanTag, position),
  ]);
  const excused = await excusedOn(db, key);
  const report = buildDeckReport({ ...key, snapshots: [...week, ...context], logWeek, roster, excused });
  const [before, after] = await Promise.all([
    lastSnapshotBefore(db.kysely, clanTag, position),
    firstSnapshotAfter(db.kysely, clanTag, position),
  ]);
  return {
    kind: 'ready',
    stored: {
      report,
      title: titleOfDay(key),
      reportedAt: now,
      startedAfter: before?.takenAt ?? null,
      endedBy: after?.takenAt ?? null,
    },
  };
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
  roster: readonly { tag: string; name: string }[],
  log: readonly RiverRaceLogWeek[],
  now: Date,
): Promise<StoredDayReport | null> {
  let key = lastEndedBattleDay(current);
  for (let i = 0; i < 2; i++) {
    const built = await buildDay(db, clanTag, key, roster, log, now);
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

/**
 * Members excused for a battle day: an approved absence covers it when the UTC date of the day's
 * reset lies within its dates (docs/decisions/081-excused-absences.md).
 */
async function excusedOn(db: Db, key: BattleDayKey): Promise<Map<string, string | null>> {
  const date = utcDate(periodStartDate(key.seasonId, positionOfDay(key).periodIndex));
  const absences = await approvedBetween(db.kysely, date, date);
  return new Map(absences.filter((a) => isExcused([a], date)).map((a) => [a.playerTag, a.reason]));
}
