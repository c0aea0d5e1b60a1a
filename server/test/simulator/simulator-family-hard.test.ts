/* eslint-disable @typescript-eslint/no-explicit-any -- raw API payloads, compared by their key sets */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { startSimulator } from '../../src/simulator/index.js';
import { SimState } from '../../src/simulator/state.js';
import { readFixture } from '../helpers/cr-fixtures.js';
import { checkLog, checkMembers, checkRace } from './family-checks.js';
import { ask, DAY, FAMILY_TAGS, FEEDERS, HOUR, MAIN } from './family-helpers.js';

/**
 * The hard move profile (docs/decisions/109-hard-family-moves.md) held to the family's ledger: moves at every hour
 * and around the reset, returns, rejoins and moves after the day's decks, with every clan's answers agreeing with the
 * ledger at every poll of three weeks, and enough of each case in eight weeks for a sweep to mean something.
 */
const hardState = (seed = 31) =>
  new SimState(seed, MAIN, 'Demo Royale', { family: FEEDERS, moveRate: 1, hardMoves: true });
const state = hardState();
const ledger = state.family!;
const FROM = Date.parse('2026-11-16T00:00:00Z');
const TO = Date.parse('2026-12-07T00:00:00Z');
const EIGHT_WEEKS = [new Date('2026-11-02T00:00:00Z'), new Date('2026-12-28T00:00:00Z')] as const;

/** The app's cadence: every hour, and every 15 minutes from 09:00 to 11:00 UTC, when resets happen. */
function polls(from: number, to: number): number[] {
  const out: number[] = [];
  for (let h = from; h < to; h += HOUR) {
    const hour = new Date(h).getUTCHours();
    const minutes = hour === 9 || hour === 10 ? [7, 22, 37, 52] : [7];
    for (const m of minutes) out.push(h + m * 60_000);
  }
  return out;
}

describe('a family with the hard move profile', () => {
  it('makes each hard case several times in eight weeks, at every hour, most around the reset', () => {
    const cases = ledger.hardCases(...EIGHT_WEEKS);
    console.log(`hard cases over 8 weeks from ${EIGHT_WEEKS[0].toISOString()} (seed 31):`, JSON.stringify(cases));
    for (const kind of [
      'acrossReset',
      'returns',
      'rejoins',
      'rejoinsAcrossReset',
      'doneThenMoved',
      'partThenMoved',
    ] as const)
      expect(cases[kind], kind).toBeGreaterThanOrEqual(5);
    for (const [hour, n] of cases.byHour.entries()) expect(n, `moves leaving at ${hour}:00`).toBeGreaterThan(0);
    const others = cases.moves - cases.byHour[9]! - cases.byHour[10]!;
    expect((cases.byHour[9]! + cases.byHour[10]!) / 2).toBeGreaterThan((3 * others) / 22);
    expect(cases.aroundReset).toBeGreaterThan(cases.moves / 4);
  });

  it(
    'every clan’s members, live race and log agree with the ledger at every poll of three weeks',
    { timeout: 300_000 },
    () => {
      const movers = new Set(ledger.moves(new Date(FROM - 3 * DAY), new Date(TO)).map((m) => m.playerTag));
      for (const t of polls(FROM, TO)) {
        checkMembers(state, t, movers);
        for (const clan of FAMILY_TAGS) {
          checkRace(state, clan, t);
          checkLog(state, clan, t);
        }
      }
    },
  );

  it('no clan ever lists more than 50, at any join of two years, for three seeds', () => {
    const years = [new Date('2025-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z')] as const;
    for (const seed of [31, 32, 3]) {
      const family = seed === 31 ? ledger : hardState(seed).family!;
      for (const clan of FAMILY_TAGS)
        for (const e of family.events(clan, ...years).filter((x) => x.kind === 'joined'))
          expect(family.membersAt(clan, e.at).length, `${seed} ${clan} ${e.at.toISOString()}`).toBeLessThanOrEqual(50);
    }
  });

  it('keeps the recorded shapes in every clan, movers’ entries included', () => {
    const rec = (name: string): any => readFixture(name);
    const keys = (items: object[]) => [...new Set(items.flatMap((i) => Object.keys(i)))].sort();
    const t = Date.parse('2026-11-20T10:07:00Z');
    for (const clan of FAMILY_TAGS) {
      const race = ask(state, 'currentriverrace', clan, t).body;
      expect(keys(race.clan.participants)).toEqual(
        keys(rec('currentriverrace.warday-inprogress.json').clan.participants),
      );
      for (const p of race.clan.participants) {
        expect(p.decksUsed).toBeLessThanOrEqual(16);
        expect(p.decksUsedToday).toBeLessThanOrEqual(4);
        expect(p.fame % 25).toBe(0);
      }
      expect(keys(ask(state, 'members', clan, t).body.items)).toEqual(keys(rec('members.json').items));
      const log = ask(state, 'riverracelog', clan, t).body.items.flatMap((i: any) => i.standings);
      expect(keys(log.flatMap((s: any) => s.clan.participants))).toEqual(
        keys(rec('riverracelog.json').items.flatMap((i: any) => i.standings.flatMap((s: any) => s.clan.participants))),
      );
    }
    // A mover's profile: the recorded keys, without clan and role while in no clan.
    const moved = ledger.moves(new Date(t - DAY), new Date(t));
    expect(moved.length).toBeGreaterThan(0);
    for (const m of moved) {
      const inClan = ledger.clanOf(m.playerTag, new Date(t)) !== null;
      const expected = keys([rec('player.json')]).filter((k) => inClan || (k !== 'clan' && k !== 'role'));
      expect(keys([ask(state, 'player', m.playerTag, t).body])).toEqual(expected);
    }
  });

  it('is what startSimulator serves with hardMoves', async () => {
    const clock = new ManualClock('2026-11-19T15:00:00.000Z');
    const sim = await startSimulator({ clock, seed: 31, family: FEEDERS, moveRate: 1, hardMoves: true });
    try {
      expect(sim.state.family!.moves(...EIGHT_WEEKS)).toEqual(ledger.moves(...EIGHT_WEEKS));
    } finally {
      await sim.close();
    }
  });

  it('is a pure function of the seed, whatever is asked first', () => {
    const other = hardState();
    other.war.currentRiverRace(TO + 10 * DAY);
    expect(other.family!.moves(new Date(FROM), new Date(TO))).toEqual(ledger.moves(new Date(FROM), new Date(TO)));
    expect(hardState(32).family!.moves(new Date(FROM), new Date(TO))).not.toEqual(
      ledger.moves(new Date(FROM), new Date(TO)),
    );
  });
});
