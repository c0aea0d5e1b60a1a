/* eslint-disable @typescript-eslint/no-explicit-any -- raw API payloads, read as the recordings are */
import { expect } from 'vitest';
import type { FamilyAttack } from '../../src/simulator/family-ledger.js';
import type { SimState } from '../../src/simulator/state.js';
import { ask, FAMILY_TAGS, listedIn, sum, weekDays } from './family-helpers.js';

/**
 * A family's answers at one poll held to its ledger (docs/decisions/102-simulated-family.md, "What a move looks like
 * in the API"): the rules written once here from the ledger's facts, never from the payload code. What the ledger
 * says is read once per state: check a state only after the last control a test applies to it.
 */

const battleDays = (sectionIndex: number) => [3, 4, 5, 6].map((d) => 7 * sectionIndex + d);

/** The ledger's decks of a player's day, read once per state (a sweep asks for the same days at every poll). */
const dayDecks = new WeakMap<SimState, Map<string, FamilyAttack[]>>();
function decksOf(state: SimState, tag: string, seasonId: number, periodIndex: number, asOf: number): FamilyAttack[] {
  let days = dayDecks.get(state);
  if (!days) dayDecks.set(state, (days = new Map()));
  const key = `${tag}|${seasonId}|${periodIndex}`;
  let all = days.get(key);
  if (!all) days.set(key, (all = state.family!.attacks(tag, seasonId, periodIndex)));
  return all.filter((a) => a.at.getTime() <= asOf);
}
const stamp = (clan: string, t: number, what = '') => `${clan} ${new Date(t).toISOString()} ${what}`;

/** The battle-day period after which a clan's decks earn no fame that week (Infinity: none). */
function lastFamePeriod(state: SimState, clan: string, seasonId: number, sectionIndex: number): number {
  const info = state.periodInfo(seasonId, 7 * sectionIndex);
  const day = state.clanState(clan)!.ledger.finishDay(seasonId, sectionIndex);
  return day === null || info.isColosseumWeek ? Infinity : 7 * sectionIndex + day + 2;
}

/**
 * A participant's entry in `clan` at `t` by the ledger: the week's decks that counted for this clan (fame up to the
 * finish), and `decksUsedToday` = the player's decks of the day in every clan up to now, or up to when they last left
 * this clan (then kept until the reset).
 */
export function expectedEntry(state: SimState, clan: string, tag: string, t: number) {
  const ledger = state.family!;
  const now = state.period(new Date(t));
  const famePeriod = lastFamePeriod(state, clan, now.seasonId, now.sectionIndex);
  const mine = battleDays(now.sectionIndex).flatMap((k) =>
    decksOf(state, tag, now.seasonId, k, t)
      .filter((a) => a.clanTag === clan)
      .map((a) => ({ ...a, k })),
  );
  const stint = ledger.stints(tag, new Date(t + 1)).findLast((s) => s.clanTag === clan && s.joinedAt.getTime() <= t);
  const until = stint?.leftAt && stint.leftAt.getTime() <= t ? stint.leftAt.getTime() - 1 : t;
  return {
    decksUsed: mine.length,
    fame: sum(mine.filter((a) => a.k <= famePeriod).map((a) => a.fame)),
    decksUsedToday: decksOf(state, tag, now.seasonId, now.periodIndex, until).length,
  };
}

/** Every member list at `t`: the ledger's, at most 50, nobody in two; `/players` and `clanOf` agree for `players`. */
export function checkMembers(state: SimState, t: number, players: Iterable<string>): Map<string, string[]> {
  const ledger = state.family!;
  const lists = new Map(
    FAMILY_TAGS.map((clan) => [clan, ask(state, 'members', clan, t).body.items.map((m: any) => m.tag) as string[]]),
  );
  const all = [...lists.values()].flat();
  expect(new Set(all).size, stamp('family', t, 'someone in two lists')).toBe(all.length);
  for (const [clan, tags] of lists) {
    expect(tags.length, stamp(clan, t)).toBeLessThanOrEqual(50);
    expect([...tags].sort(), stamp(clan, t)).toEqual([...ledger.membersAt(clan, new Date(t))].sort());
  }
  for (const tag of players) expect(ledger.clanOf(tag, new Date(t)), stamp(tag, t)).toBe(listedIn(lists, tag));
  return lists;
}

/** Players the clan's list showed at some instant of the week up to `t`, and those in it when the week began. */
function weekPresence(state: SimState, clan: string, t: number) {
  const ledger = state.family!;
  const now = state.period(new Date(t));
  const start = state.calendar.weekBounds(now.seasonId, now.sectionIndex).start;
  const atStart = new Set(ledger.membersAt(clan, new Date(start)));
  const during = new Set([
    ...atStart,
    ...ledger.events(clan, new Date(start), new Date(t + 1)).map((e) => e.playerTag),
  ]);
  return { now, atStart, during };
}

/** Did any deck of the player's count for `clan` this week (training days too) up to `t`? */
function playedHere(state: SimState, clan: string, tag: string, t: number): boolean {
  const now = state.period(new Date(t));
  return [0, 1, 2, 3, 4, 5, 6].some((d) =>
    decksOf(state, tag, now.seasonId, 7 * now.sectionIndex + d, t).some((a) => a.clanTag === clan),
  );
}

/**
 * One clan's live race at `t`: each participant's decks, fame and decksUsedToday are the ledger's; the participants
 * are everyone in the clan when the week began (leavers kept) and everyone else who used a deck there this week.
 */
export function checkRace(state: SimState, clan: string, t: number): void {
  const race = ask(state, 'currentriverrace', clan, t).body;
  expect(race.clan.tag).toBe(clan);
  const { atStart, during } = weekPresence(state, clan, t);
  const listed = new Set<string>();
  for (const p of race.clan.participants) {
    listed.add(p.tag);
    const { decksUsed, fame, decksUsedToday } = p;
    expect({ decksUsed, fame, decksUsedToday }, stamp(clan, t, p.tag)).toEqual(expectedEntry(state, clan, p.tag, t));
    expect(during.has(p.tag), stamp(clan, t, `${p.tag} was never in the clan`)).toBe(true);
    if (!atStart.has(p.tag) && decksUsed === 0)
      expect(playedHere(state, clan, p.tag, t), stamp(clan, t, `${p.tag} joined, no deck`)).toBe(true);
  }
  for (const tag of during) {
    if (listed.has(tag)) continue;
    expect(atStart.has(tag), stamp(clan, t, `${tag} was there at the week's start`)).toBe(false);
    expect(playedHere(state, clan, tag, t), stamp(clan, t, `${tag} played here`)).toBe(false);
  }
  const weekFame = sum(race.clan.participants.map((p: any) => p.fame));
  if (race.periodType === 'colosseum') expect(race.clan.fame).toBe(weekFame);
  else
    expect(weekFame, stamp(clan, t, 'fame')).toBe(
      sum(weekDays(race, clan, race.sectionIndex).map((d) => d.pointsEarned)) + race.clan.periodPoints,
    );
}

/** Each participant's week in the clan's log by the ledger, computed once per state, clan and week. */
const logWeeks = new WeakMap<SimState, Map<string, Map<string, ReturnType<typeof expectedEntry>>>>();
function expectedLog(state: SimState, clan: string, seasonId: number, sectionIndex: number) {
  let weeks = logWeeks.get(state);
  if (!weeks) logWeeks.set(state, (weeks = new Map()));
  const key = `${clan}|${seasonId}|${sectionIndex}`;
  let expected = weeks.get(key);
  if (!expected) {
    const last = state.calendar.weekBounds(seasonId, sectionIndex).end - 1;
    const { atStart, during } = weekPresence(state, clan, last);
    expected = new Map();
    for (const tag of during)
      if (atStart.has(tag) || playedHere(state, clan, tag, last))
        expected.set(tag, { ...expectedEntry(state, clan, tag, last), decksUsedToday: 0 });
    weeks.set(key, expected);
  }
  return expected;
}

/** The newest week in the clan's log at `t`: each participant's week in this clan as the ledger has it. */
export function checkLog(state: SimState, clan: string, t: number): void {
  const item = ask(state, 'riverracelog', clan, t, 'limit=1').body.items[0];
  const participants = item.standings.find((s: any) => s.clan.tag === clan).clan.participants;
  const got = new Map(
    participants.map((p: any) => [p.tag, { decksUsed: p.decksUsed, fame: p.fame, decksUsedToday: p.decksUsedToday }]),
  );
  expect(got, stamp(clan, t, `log ${item.seasonId}/${item.sectionIndex}`)).toEqual(
    expectedLog(state, clan, item.seasonId, item.sectionIndex),
  );
}
