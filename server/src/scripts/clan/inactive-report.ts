import { DAY_MS, WEEK_MS, periodIndexOf } from '../../modules/war/calendar.js';
import { buildDeckReport, type DeckReport } from '../../modules/war/deck-report.js';
import { inactivePlayersMessage } from '../../modules/war/discord-messages.js';
import { battleDayEndedBefore, type EndedBattleDay } from '../../modules/war/reset.js';
import { dayTitle } from '../../modules/war/titles.js';
import type { BattleDay, RiverRaceLogWeek, RiverRaceSnapshot, RosterMember } from '../../modules/war/types.js';
import type { DiscordMessage } from '../types.js';

export interface DayToReport {
  seasonId: number | null;
  sectionIndex: number;
  day: BattleDay;
  /** the log item that closed the week (day 4 only) */
  logWeek: RiverRaceLogWeek | null;
  /** the Monday reset that began the week, when the log tells it */
  weekStartAt: Date | null;
}

/**
 * Locates an ended battle day relative to the current race: days 1–3 belong to the current
 * week; day 4 (seen on Monday) to the week the newest log item closed (docs/clash-royale-api.md §7.6).
 */
export function locateEndedDay(
  current: RiverRaceSnapshot,
  ended: EndedBattleDay,
  log: readonly RiverRaceLogWeek[],
): DayToReport {
  if (!ended.inPreviousWeek) {
    return {
      seasonId: current.seasonId,
      sectionIndex: current.sectionIndex,
      day: ended.day,
      logWeek: null,
      weekStartAt: log[0]?.createdDate ?? null,
    };
  }
  const closed = log[0] ?? null;
  const sectionIndex = closed ? closed.sectionIndex : current.sectionIndex - 1;
  return {
    seasonId: closed?.seasonId ?? null,
    sectionIndex,
    day: ended.day,
    logWeek: closed,
    weekStartAt: log[1]?.createdDate ?? null,
  };
}

/** The newest battle day that has ended, seen from the current period (null on training days). */
export function newestEndedDay(current: RiverRaceSnapshot, log: readonly RiverRaceLogWeek[]): DayToReport | null {
  const ended = battleDayEndedBefore(current.periodIndex);
  return ended ? locateEndedDay(current, ended, log) : null;
}

export function reportDay(
  target: DayToReport,
  snapshots: readonly RiverRaceSnapshot[],
  roster: readonly RosterMember[],
): DeckReport {
  return buildDeckReport({ ...target, snapshots, roster });
}

/** "Season 137 · Week 3 · Battle day 2 · Nov 20, 2026" (docs/architecture.md §5 titles). */
export function titleOf(target: DayToReport, snapshots: readonly RiverRaceSnapshot[]): string {
  const period = periodIndexOf(target.sectionIndex, target.day);
  const seen = snapshots.find((s) => s.periodIndex === period && s.sectionIndex === target.sectionIndex);
  const dayStart = target.weekStartAt
    ? new Date(target.weekStartAt.getTime() + (target.day + 2) * DAY_MS)
    : target.logWeek
      ? new Date(target.logWeek.createdDate.getTime() - WEEK_MS + (target.day + 2) * DAY_MS)
      : (seen?.takenAt ?? new Date());
  return target.seasonId === null
    ? `Week ${target.sectionIndex + 1} · Battle day ${target.day}`
    : dayTitle(target.seasonId, target.sectionIndex, target.day, dayStart);
}

export function summarise(
  report: DeckReport,
  title: string,
): { message: string; outputs: string[]; discord: DiscordMessage } {
  const inactive = report.players.filter((p) => p.status === 'inactive');
  const joined = report.players.filter((p) => p.status === 'joined-during-day');
  const uncertain = report.players.filter((p) => p.status === 'uncertain');
  const groups = [0, 1, 2, 3].map((n) => `${n}/4: ${inactive.filter((p) => p.decksUsed === n).length}`).join(', ');
  const message =
    `Battle day ${report.day}: ${inactive.length} inactive (${groups})` +
    (joined.length ? `, ${joined.length} joined during the day` : '') +
    (uncertain.length ? `, ${uncertain.length} uncertain (a snapshot of the day is missing)` : '');
  const outputs = [
    ...inactive.map((p) => `${p.name} (${p.tag}): ${p.decksUsed}/4`),
    ...joined.map((p) => `${p.name} (${p.tag}): joined during the day, ${p.decksUsed}/4`),
    ...uncertain.map((p) => `${p.name} (${p.tag}): between ${p.decksUsed}/4 and ${p.maxDecksUsed}/4`),
  ];
  return { message, outputs, discord: inactivePlayersMessage(report, title) };
}
