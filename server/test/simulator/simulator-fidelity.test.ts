/* eslint-disable @typescript-eslint/no-explicit-any -- raw API payloads, read as the recordings are */
import { describe, expect, it } from 'vitest';
import { parseCrTime } from '../../src/clients/clash-royale/timestamps.js';
import { SimState } from '../../src/simulator/state.js';
import { FIXTURE_CLAN_TAG, readFixture } from '../helpers/cr-fixtures.js';

/**
 * The simulator must be as hard as the real API. Each pattern below is first shown to hold in the
 * real recordings (server/test/fixtures/cr-api), then the simulator is held to it. A pattern is a
 * plain function of one payload, the same for both: the recordings are the reference, never the
 * code under test.
 */
const SENTINEL = '19691231T235959.000Z';
const FINISH_LINE = 10_000;
const DAY = 86_400_000;
const SIM_TAG = '#2PQ8L0C';

const time = (text: string) => parseCrTime(text)!.getTime();
const ours = (race: any, tag: string) => race.clans.find((c: any) => c.clan?.tag === tag || c.tag === tag);
const logClan = (item: any, tag: string) => item.standings.find((s: any) => s.clan.tag === tag).clan;
const dayLog = (race: any, tag: string, periodIndex: number) =>
  race.periodLogs.find((p: any) => p.periodIndex === periodIndex)?.items.find((i: any) => i.clan.tag === tag) as
    any | undefined;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Battle day (1–4) at whose close a log item's clan crossed: from how long before the week's end. */
function closeCrossed(item: any, tag: string): number | null {
  const clan = logClan(item, tag);
  if (clan.finishTime === SENTINEL) return null;
  return 4 - Math.round((time(item.createdDate) - time(clan.finishTime)) / DAY);
}

/** The week's closed days of one clan in a race's periodLogs, in order. */
function weekDays(race: any, tag: string, sectionIndex: number): any[] {
  return [3, 4, 5, 6].flatMap((d) => {
    const entry = dayLog(race, tag, 7 * sectionIndex + d);
    return entry ? [entry] : [];
  });
}

/** The crossing day and the days after it, as periodLogs shows them (null when the clan did not cross). */
function finishInDayLog(days: any[]): { crossing: any; after: any[] } | null {
  const i = days.findIndex((d) => d.progressEndOfDay >= FINISH_LINE);
  return i < 0 ? null : { crossing: days[i], after: days.slice(i + 1) };
}

const sim = new SimState(4242, SIM_TAG, 'Demo Royale');
const simRace = (at: number): any => sim.war.currentRiverRace(at);
const simLog = (at: number, limit = 10): any => sim.war.riverRaceLog(at, limit);

/** Finished normal weeks of the simulated clan over a year, with the close they crossed at. */
function simWeeks(): { seasonId: number; sectionIndex: number; day: number | null; end: number }[] {
  const weeks: { seasonId: number; sectionIndex: number; day: number | null; end: number }[] = [];
  const seen = new Set<string>();
  for (let t = Date.parse('2026-11-02T12:00:00Z'); t < Date.parse('2027-11-01T12:00:00Z'); t += DAY) {
    const p = sim.period(new Date(t));
    const key = `${p.seasonId}/${p.sectionIndex}`;
    if (p.isColosseumWeek || seen.has(key)) continue;
    seen.add(key);
    const end = sim.calendar.weekBounds(p.seasonId, p.sectionIndex).end;
    weeks.push({ ...p, day: sim.ledger.finishDay(p.seasonId, p.sectionIndex), end });
  }
  return weeks;
}

describe('the simulator reproduces every pattern of the recordings', () => {
  const log = readFixture<any>('riverracelog.json');
  const dayFour = readFixture<any>('currentriverrace.json');
  const weeks = simWeeks();
  /** The simulated week's log item, read once the log has rolled. */
  const simItem = (w: { seasonId: number; sectionIndex: number; end: number }) =>
    simLog(w.end + 2 * 3_600_000).items.find(
      (i: any) => i.seasonId === w.seasonId && i.sectionIndex === w.sectionIndex,
    );

  it('finishTime at the close of day 4 is a few seconds before the log item’s createdDate (week 132/0)', () => {
    const real = log.items.find((i: any) => i.seasonId === 132 && i.sectionIndex === 0);
    const gap = time(real.createdDate) - time(logClan(real, FIXTURE_CLAN_TAG).finishTime);
    expect(gap).toBe(2000);
    expect(closeCrossed(real, FIXTURE_CLAN_TAG)).toBe(4);

    const atFour = weeks.filter((w) => w.day === 4);
    expect(atFour.length).toBeGreaterThan(0);
    const gaps = atFour.map((w) => {
      const item = simItem(w);
      return time(item.createdDate) - time(logClan(item, SIM_TAG).finishTime);
    });
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(0);
    for (const g of gaps) expect(g).toBeLessThanOrEqual(3000);
    // like the recording, the finish is written before the week's own end, not at it
    expect(gaps.some((g) => g > 0)).toBe(true);
  });

  it('finishTime at the close of day 3 is about a day before createdDate (7 of the 10 recorded weeks)', () => {
    const atThree = log.items.filter((i: any) => closeCrossed(i, FIXTURE_CLAN_TAG) === 3);
    expect(atThree.length).toBe(7);
    for (const item of atThree) {
      const hours = (time(item.createdDate) - time(logClan(item, FIXTURE_CLAN_TAG).finishTime)) / 3_600_000;
      expect(hours).toBeGreaterThan(22);
      expect(hours).toBeLessThan(26);
    }
    const simThree = weeks.filter((w) => w.day === 3);
    expect(simThree.length).toBeGreaterThan(weeks.length / 2);
    for (const w of simThree) expect(closeCrossed(simItem(w), SIM_TAG)).toBe(3);
  });

  it('the log writes the sentinel for clans that did not finish and for every clan of a colosseum week', () => {
    const colosseum = log.items.filter((i: any) => i.sectionIndex === 3 && i.seasonId === 132);
    expect(colosseum.length).toBe(1);
    for (const s of colosseum[0].standings) expect(s.clan.finishTime).toBe(SENTINEL);
    const notFinished = log.items.flatMap((i: any) => i.standings.filter((s: any) => s.clan.fame < FINISH_LINE));
    for (const s of notFinished) expect(s.clan.finishTime).toBe(SENTINEL);

    const simLogNow = simLog(Date.parse('2027-06-01T12:00:00Z'), 10);
    const simColosseum = simLogNow.items.filter(
      (i: any) => sim.periodInfo(i.seasonId, 7 * i.sectionIndex).isColosseumWeek,
    );
    expect(simColosseum.length).toBeGreaterThan(0);
    for (const item of simColosseum) for (const s of item.standings) expect(s.clan.finishTime).toBe(SENTINEL);
    for (const item of simLogNow.items)
      for (const s of item.standings.filter((x: any) => x.clan.fame < FINISH_LINE))
        expect(s.clan.finishTime).toBe(SENTINEL);
  });

  it('periodLogs: endOfDayRank 0 and 10,000 on the crossing day, then −1 with no points and an uncapped boat', () => {
    for (const section of [0, 1, 2, 3]) {
      const real = finishInDayLog(weekDays(dayFour, FIXTURE_CLAN_TAG, section));
      expect(real).not.toBeNull();
      expect(real!.crossing).toMatchObject({ progressEndOfDay: FINISH_LINE, endOfDayRank: 0 });
      expect(real!.crossing.pointsEarned).toBeGreaterThan(0);
      for (const d of real!.after) {
        expect(d).toMatchObject({ endOfDayRank: -1, pointsEarned: 0, progressEarned: 0, numOfDefensesRemaining: 0 });
        expect(d.progressStartOfDay).toBe(d.progressEndOfDay);
        expect(d.progressStartOfDay).toBeGreaterThan(FINISH_LINE);
      }
    }
    let checked = 0;
    for (const w of weeks.filter((x) => x.day === 3)) {
      const days = weekDays(simRace(w.end + 3 * DAY), SIM_TAG, w.sectionIndex);
      if (days.length !== 4) continue; // the next week is in another season
      const found = finishInDayLog(days)!;
      expect(found.crossing.progressEndOfDay).toBe(FINISH_LINE);
      expect(found.crossing.endOfDayRank).toBeGreaterThanOrEqual(0);
      expect(found.crossing.pointsEarned).toBeGreaterThan(0);
      expect(found.after).toHaveLength(1);
      const after = found.after[0];
      expect(after).toMatchObject({ endOfDayRank: -1, pointsEarned: 0, progressEarned: 0, numOfDefensesRemaining: 0 });
      expect(after.progressStartOfDay).toBe(after.progressEndOfDay);
      expect(after.progressStartOfDay).toBeGreaterThan(FINISH_LINE);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('the live race shows the uncapped boat above 10,000 while the log says 10,000', () => {
    expect(ours(dayFour, FIXTURE_CLAN_TAG).fame).toBe(10_305);
    expect(dayFour.clan.finishTime).not.toBe(SENTINEL);
    const real = log.items.find((i: any) => i.seasonId === 133 && i.sectionIndex === 3);
    expect(logClan(real, FIXTURE_CLAN_TAG).fame).toBe(FINISH_LINE);

    const w = weeks.find((x) => x.day === 3)!;
    const dayFourStart = sim.periodInfo(w.seasonId, 7 * w.sectionIndex + 6).start.getTime();
    const live = simRace(dayFourStart + 3_600_000);
    expect(live.clan.fame).toBeGreaterThan(FINISH_LINE);
    expect(parseCrTime(live.clan.finishTime)).not.toBeNull();
    expect(logClan(simItem(w), SIM_TAG).fame).toBe(FINISH_LINE);
  });

  it('after the finish, decks still count but fame and the day’s points stop (day 4 of week 133/3)', () => {
    const weekPoints = sum(weekDays(dayFour, FIXTURE_CLAN_TAG, 3).map((d: any) => d.pointsEarned));
    const participants = dayFour.clan.participants;
    expect(sum(participants.map((p: any) => p.fame))).toBe(weekPoints);
    expect(sum(participants.map((p: any) => p.decksUsedToday))).toBeGreaterThan(0);
    expect(dayFour.clan.periodPoints).toBe(0);

    const w = weeks.find((x) => x.day === 3)!;
    const dayFourStart = sim.periodInfo(w.seasonId, 7 * w.sectionIndex + 6).start.getTime();
    const live = simRace(dayFourStart + 20 * 3_600_000);
    const simPoints = sum(weekDays(live, SIM_TAG, w.sectionIndex).map((d: any) => d.pointsEarned));
    expect(sum(live.clan.participants.map((p: any) => p.fame))).toBe(simPoints);
    expect(sum(live.clan.participants.map((p: any) => p.decksUsedToday))).toBeGreaterThan(0);
    expect(live.clan.periodPoints).toBe(0);
    // the log agrees: fame stops at the crossing day, decks include day 4
    const item = logClan(simItem(w), SIM_TAG);
    expect(sum(item.participants.map((p: any) => p.fame))).toBe(simPoints);
    expect(Math.max(...item.participants.map((p: any) => p.decksUsed))).toBe(16);
    for (const p of item.participants) expect(p.decksUsedToday).toBe(0);
  });

  it('a live race before the finish has no finishTime key at all; a finished clan has it', () => {
    const racing = readFixture<any>('currentriverrace.warday-inprogress.json');
    for (const c of racing.clans) expect(Object.keys(c)).not.toContain('finishTime');
    for (const c of dayFour.clans.filter((x: any) => x.fame < FINISH_LINE))
      expect(Object.keys(c)).not.toContain('finishTime');

    const w = weeks.find((x) => x.day === 4)!;
    const dayTwo = simRace(sim.periodInfo(w.seasonId, 7 * w.sectionIndex + 4).start.getTime() + 3_600_000);
    for (const c of dayTwo.clans) expect(Object.keys(c)).not.toContain('finishTime');
  });

  it('colosseum week: training then colosseum days, fame the live sum, no points, no finish, no periodLogs days', () => {
    const training = readFixture<any>('currentriverrace.training.json');
    const colosseum = readFixture<any>('currentriverrace.colosseum.json');
    expect([training.periodType, colosseum.periodType]).toEqual(['training', 'colosseum']);
    expect(colosseum.clan.fame).toBe(sum(colosseum.clan.participants.map((p: any) => p.fame)));
    expect(colosseum.clan.periodPoints).toBe(0);
    expect(colosseum.clans.every((c: any) => !('finishTime' in c))).toBe(true);
    expect(colosseum.periodLogs.some((p: any) => p.periodIndex >= 28)).toBe(false);

    // Season 139 (2026-12-07) is preceded by season 138's colosseum week, 2026-11-30 … 12-07.
    const simTraining = simRace(Date.parse('2026-12-01T12:00:00Z'));
    const simColosseum = simRace(Date.parse('2026-12-05T12:00:00Z'));
    expect([simTraining.periodType, simColosseum.periodType]).toEqual(['training', 'colosseum']);
    expect(simColosseum.clan.fame).toBe(sum(simColosseum.clan.participants.map((p: any) => p.fame)));
    expect(simColosseum.clan.periodPoints).toBe(0);
    expect(simColosseum.clans.every((c: any) => !('finishTime' in c))).toBe(true);
    expect(simColosseum.periodLogs.some((p: any) => p.periodIndex >= 7 * simColosseum.sectionIndex)).toBe(false);
  });

  it('the first-Monday season calendar gives the recorded section and period on the recorded dates', () => {
    const recorded: [string, string][] = [
      ['currentriverrace.json', '2026-06-28T15:00:00Z'],
      ['currentriverrace.training.json', '2026-07-01T15:00:00Z'],
      ['currentriverrace.colosseum.json', '2026-07-04T15:00:00Z'],
      ['currentriverrace.warday-inprogress.json', '2026-01-23T15:00:00Z'],
    ];
    for (const [file, at] of recorded) {
      const real = readFixture<any>(file);
      const simulated = simRace(Date.parse(at));
      expect({
        file,
        sectionIndex: simulated.sectionIndex,
        periodIndex: simulated.periodIndex,
        type: simulated.periodType,
      }).toEqual({ file, sectionIndex: real.sectionIndex, periodIndex: real.periodIndex, type: real.periodType });
    }
  });

  it('tests can force a finish at any close, with the recorded shapes (days 1 and 2 cannot happen in the game)', () => {
    const forced = new SimState(4242, SIM_TAG, 'Demo Royale');
    const w = weeks.find((x) => x.day === 3)!;
    for (const day of [1, 2, 3, 4] as const) {
      forced.forceFinish(w.seasonId, w.sectionIndex, day);
      expect(forced.ledger.finishDay(w.seasonId, w.sectionIndex)).toBe(day);
      const item = forced.war.riverRaceLog(w.end + 2 * 3_600_000, 1).items[0] as any;
      expect(closeCrossed(item, SIM_TAG)).toBe(day);
      const days = weekDays(forced.war.currentRiverRace(w.end + 3 * DAY), SIM_TAG, w.sectionIndex);
      expect(finishInDayLog(days)?.after).toHaveLength(4 - day);
    }
  });
});
