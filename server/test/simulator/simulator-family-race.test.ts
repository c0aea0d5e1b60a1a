/* eslint-disable @typescript-eslint/no-explicit-any -- raw API payloads */
import { describe, expect, it } from 'vitest';
import {
  ask,
  closeCrossed,
  DAY,
  FAMILY_TAGS,
  familyState,
  FINISH_LINE,
  FROM,
  HOUR,
  logClan,
  SENTINEL,
  sum,
  TO,
  weekDays,
} from './family-helpers.js';

/**
 * Each family clan's race, judged like the single clan's (simulator-fidelity.test.ts) and against the family's
 * ledger: a deck counts for the clan the player was in when they used it; `decksUsedToday` is the player's.
 */
const state = familyState();
const ledger = state.family!;
const battleDays = (sectionIndex: number) => [3, 4, 5, 6].map((d) => 7 * sectionIndex + d);

/** What the ledger says a participant's entry in `clan` shows at `t`. */
function expectedEntry(clan: string, tag: string, t: number, lastFamePeriod: number) {
  const now = state.period(new Date(t));
  const mine = battleDays(now.sectionIndex).flatMap((k) =>
    ledger
      .attacks(tag, now.seasonId, k, new Date(t))
      .filter((a) => a.clanTag === clan)
      .map((a) => ({ ...a, k })),
  );
  // The entry counts the player's decks of the day up to now, or up to when they last left this clan.
  const stint = ledger.stints(tag, new Date(t + 1)).findLast((s) => s.clanTag === clan && s.joinedAt.getTime() <= t);
  const until = stint?.leftAt && stint.leftAt.getTime() <= t ? stint.leftAt.getTime() - 1 : t;
  const today = ledger.attacks(tag, now.seasonId, now.periodIndex, new Date(until)).length;
  return {
    decksUsed: mine.length,
    fame: sum(mine.filter((a) => a.k <= lastFamePeriod).map((a) => a.fame)),
    decksUsedToday: today,
  };
}

/** Checks one clan's live race at `t` against the ledger; returns how many of its participants have moved. */
function checkRace(clan: string, t: number): number {
  let movers = 0;
  const race = ask(state, 'currentriverrace', clan, t).body;
  expect(race.clan.tag).toBe(clan);
  const finishDay = state.clanState(clan)!.ledger.finishDay(state.period(new Date(t)).seasonId, race.sectionIndex);
  const lastFamePeriod =
    finishDay === null || race.periodType === 'colosseum' ? Infinity : 7 * race.sectionIndex + finishDay + 2;
  for (const p of race.clan.participants) {
    const { decksUsed, fame, decksUsedToday } = p;
    expect({ decksUsed, fame, decksUsedToday }, `${clan} ${p.tag} ${new Date(t).toISOString()}`).toEqual(
      expectedEntry(clan, p.tag, t, lastFamePeriod),
    );
    expect(decksUsed).toBeLessThanOrEqual(16);
    expect(decksUsedToday).toBeLessThanOrEqual(4);
    if (ledger.stints(p.tag, new Date(t)).length > 1) movers++;
  }
  // Every deck of the clan this week is some participant's.
  const weekFame = sum(race.clan.participants.map((p: any) => p.fame));
  if (race.periodType === 'colosseum') expect(race.clan.fame).toBe(weekFame);
  else
    expect(weekFame).toBe(
      sum(weekDays(race, clan, race.sectionIndex).map((d) => d.pointsEarned)) + race.clan.periodPoints,
    );
  return movers;
}

describe('each family clan’s river race over a month', () => {
  it('participants’ decks, fame and decksUsedToday are the ledger’s, every 6 hours, in every clan', () => {
    let movers = 0;
    for (let t = FROM + 2 * HOUR; t < TO; t += 6 * HOUR) for (const clan of FAMILY_TAGS) movers += checkRace(clan, t);
    expect(movers).toBeGreaterThan(20);
  });

  it('both clans of every move agree with the ledger around it', () => {
    for (const m of ledger.moves(new Date(FROM), new Date(TO))) {
      const [left, joined] = [m.leftAt.getTime(), m.joinedAt.getTime()];
      for (const t of [left - 1000, left + HOUR, joined + 1000, joined + 2 * HOUR, joined + 8 * HOUR]) {
        checkRace(m.fromClan, t);
        checkRace(m.toClan, t);
      }
    }
  });

  it('each clan races in its own group: no family clan meets another, opponents differ', () => {
    for (let t = FROM + 3 * DAY; t < TO; t += 7 * DAY) {
      const groups = FAMILY_TAGS.map((clan) =>
        ask(state, 'currentriverrace', clan, t).body.clans.map((c: any) => c.tag),
      );
      groups.forEach((tags: string[], i: number) => {
        expect(tags).toHaveLength(5);
        expect(tags.filter((tag) => FAMILY_TAGS.includes(tag))).toEqual([FAMILY_TAGS[i]]);
      });
      expect(new Set(groups.flat()).size).toBe(15);
    }
  });

  it('logs and periodLogs keep the recorded finish patterns in every clan', () => {
    let finished = 0;
    for (const clan of FAMILY_TAGS) {
      const clanLedger = state.clanState(clan)!.ledger;
      for (let t = FROM + 3 * DAY; t < TO - 7 * DAY; t += 7 * DAY) {
        const week = state.period(new Date(t));
        const end = state.calendar.weekBounds(week.seasonId, week.sectionIndex).end;
        const item = ask(state, 'riverracelog', clan, end + 2 * HOUR, 'limit=1').body.items[0];
        expect([item.seasonId, item.sectionIndex]).toEqual([week.seasonId, week.sectionIndex]);
        const day = clanLedger.finishDay(week.seasonId, week.sectionIndex);
        expect(closeCrossed(item, clan)).toBe(day);
        for (const s of item.standings.filter((x: any) => x.clan.fame < FINISH_LINE))
          expect(s.clan.finishTime).toBe(SENTINEL);
        for (const p of logClan(item, clan).participants) expect(p.decksUsedToday).toBe(0);
        if (week.isColosseumWeek || day === null) continue;
        finished++;
        const days = weekDays(ask(state, 'currentriverrace', clan, end).body, clan, week.sectionIndex);
        if (days.length !== 4) continue; // the next week is in another season
        expect(days[day - 1]).toMatchObject({ progressEndOfDay: FINISH_LINE });
        for (const after of days.slice(day))
          expect(after).toMatchObject({ endOfDayRank: -1, pointsEarned: 0, progressEarned: 0 });
        const before = ask(
          state,
          'currentriverrace',
          clan,
          state.periodInfo(week.seasonId, 7 * week.sectionIndex + 3).start.getTime() + HOUR,
        ).body;
        for (const c of before.clans) expect(Object.keys(c)).not.toContain('finishTime');
        expect(sum(logClan(item, clan).participants.map((p: any) => p.fame))).toBe(
          sum(days.slice(0, day).map((d) => d.pointsEarned)),
        );
      }
    }
    expect(finished).toBeGreaterThan(3);
  });
});

describe('a player who moves in the middle of a battle day', () => {
  it('keeps the old clan’s entry, counts decks in the new clan from then on, and keeps decksUsedToday on the player', () => {
    const s = familyState();
    const move = s.family!.moves(new Date(FROM), new Date(TO)).find((m) => {
      const day = s.period(m.leftAt);
      return (
        day.periodType === 'warDay' &&
        s.period(m.joinedAt).periodIndex === day.periodIndex &&
        m.joinedAt.getTime() < day.end.getTime() - 2 * HOUR
      );
    })!;
    expect(move).toBeDefined();
    const day = s.period(move.leftAt);
    s.silence(move.playerTag, move.leftAt);
    s.attack(move.playerTag, new Date(Math.max(day.start.getTime(), move.leftAt.getTime() - HOUR)), 2);
    const entry = (clan: string, t: number) =>
      ask(s, 'currentriverrace', clan, t).body.clan.participants.find((p: any) => p.tag === move.playerTag);
    const joined = move.joinedAt.getTime();
    const oldEntry = entry(move.fromClan, move.leftAt.getTime() - 1000);
    expect(oldEntry.decksUsedToday).toBe(2);
    // Joined, no deck yet here: absent from the new clan's participants, like any joiner.
    expect(entry(move.toClan, joined + 60_000)).toBeUndefined();
    s.attack(move.playerTag, new Date(joined + 30 * 60_000), 1);
    const later = joined + HOUR;
    expect(entry(move.toClan, later)).toMatchObject({ decksUsed: 1, decksUsedToday: 3, fame: 200 });
    expect(entry(move.fromClan, later)).toMatchObject({
      decksUsed: oldEntry.decksUsed,
      fame: oldEntry.fame,
      decksUsedToday: 2,
    });
    // The player's 4 decks a day are shared: only one more counts, in the new clan.
    s.attack(move.playerTag, new Date(later + 10 * 60_000), 3);
    expect(entry(move.toClan, later + HOUR)).toMatchObject({ decksUsed: 2, decksUsedToday: 4 });
    expect(s.family!.attacks(move.playerTag, day.seasonId, day.periodIndex).map((a) => a.clanTag)).toEqual([
      move.fromClan,
      move.fromClan,
      move.toClan,
      move.toClan,
    ]);
  });
});
