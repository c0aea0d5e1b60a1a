import type { PeriodInfo } from '../../src/simulator/index.js';
import { DAY, reportedDays, type WarTimeline } from './war-timeline.js';

/** Reading a timeline the way the named war scenarios do (server/test/scripts/clan/war-*.test.ts). */
export function scenario(getTimeline: () => WarTimeline) {
  const w = () => getTimeline();
  const utcTime = (d: Date) => d.toISOString().slice(11, 19);
  const keyOf = (info: PeriodInfo) => ({
    seasonId: info.seasonId,
    sectionIndex: info.sectionIndex,
    day: info.dayOfWeek - 2,
  });
  /** The runs that reported the battle day `info` (one, when all is well). */
  function reportsOf(info: PeriodInfo) {
    const key = keyOf(info);
    return reportedDays(w().runs).filter(
      (r) => r.day.seasonId === key.seasonId && r.day.sectionIndex === key.sectionIndex && r.day.day === key.day,
    );
  }
  /** The ledger's answer: members at `at` who were in the clan when the day began and used fewer than 4 decks. */
  function expectedInactive(info: PeriodInfo, at: Date) {
    const ledger = w().sim.state.ledger;
    return ledger
      .membersAt(at)
      .filter((tag) => (ledger.membership(tag, at)?.joinedAt.getTime() ?? 0) <= info.start.getTime())
      .map((tag) => ({ tag, decksUsed: ledger.decksUsed(tag, info.seasonId, info.periodIndex) }))
      .filter((p) => p.decksUsed < 4)
      .sort((a, b) => a.tag.localeCompare(b.tag));
  }
  const listed = (players: { tag: string; decksUsed: number }[]) =>
    players.map((p) => ({ tag: p.tag, decksUsed: p.decksUsed })).sort((a, b) => a.tag.localeCompare(b.tag));
  /** The first battle day (after `from`) for which `test` holds, from the simulator's calendar. */
  function findBattleDay(from: string, test: (info: PeriodInfo) => boolean, days = 240): PeriodInfo {
    for (let t = new Date(from).getTime(); t < new Date(from).getTime() + days * DAY; t += DAY) {
      const info = w().sim.state.period(new Date(t));
      if (info.dayOfWeek >= 3 && test(info)) return info;
    }
    throw new Error(`no battle day found after ${from}`);
  }
  const noMaintenance = (info: PeriodInfo) =>
    !w().sim.state.calendar.maintenanceOn(Math.floor(info.start.getTime() / DAY)) &&
    !w().sim.state.calendar.maintenanceOn(Math.floor(info.end.getTime() / DAY));
  return { utcTime, reportsOf, expectedInactive, listed, findBattleDay, noMaintenance };
}
