import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SimRoute } from '../../src/simulator/faults.js';
import { answer } from '../../src/simulator/routes.js';
import { SimState } from '../../src/simulator/state.js';
import { FAMILY_TAGS, FEEDERS, MAIN } from './family-helpers.js';

/**
 * A family without `hardMoves` answers and records exactly what it did before scripted and hard moves existed
 * (docs/decisions/109-hard-family-moves.md): two weeks of every clan's endpoints and of the family's ledger, hashed.
 * The hashes were taken from the code before those moves were added; a change here means a family answer changed.
 */
const HOUR = 3_600_000;
const FROM = Date.parse('2026-11-16T08:00:00Z');
const TO = Date.parse('2026-11-30T12:00:00Z');

function twoWeeksOfAnswers(state: SimState): string {
  const hash = createHash('sha256');
  const add = (label: string, value: unknown) => hash.update(`${label}\n${JSON.stringify(value)}\n`);
  const ask = (route: SimRoute, param: string | undefined, query: string, t: number) =>
    add(`${route} ${param} ${query} ${t}`, answer(state, route, param, new URLSearchParams(query), t));
  const family = state.family!;
  add('moves', family.moves(new Date(FROM - 30 * 24 * HOUR), new Date(TO)));
  for (const clan of FAMILY_TAGS) add(`events ${clan}`, family.events(clan, new Date(FROM), new Date(TO)));
  for (let t = FROM; t < TO; t += 3 * HOUR) {
    const at = new Date(t);
    for (const clan of FAMILY_TAGS) {
      ask('clan', clan, '', t);
      ask('members', clan, '', t);
      ask('currentriverrace', clan, '', t);
      ask('riverracelog', clan, t % (6 * HOUR) === 0 ? 'limit=2' : '', t);
      add(`members ${clan}`, family.membersAt(clan, at));
    }
    if (t % (12 * HOUR) !== 0) continue;
    ask('clanRankings', 'global', '', t);
    const period = state.period(at);
    for (const clan of FAMILY_TAGS) {
      for (const m of state.clanState(clan)!.members.membersDuring(t - 12 * HOUR, t)) {
        ask('player', m.tag, '', t);
        add('where', [m.tag, family.clanOf(m.tag, at), family.stints(m.tag, at)]);
        add('attacks', family.attacks(m.tag, period.seasonId, period.periodIndex));
      }
    }
  }
  return hash.digest('hex');
}

describe('a family without hard moves answers as before', () => {
  it('two weeks of a family of three with a move a day', () => {
    expect(twoWeeksOfAnswers(new SimState(31, MAIN, 'Demo Royale', { family: FEEDERS, moveRate: 1 }))).toBe(
      '49ac50a74fc1afed7e887aafa69a7bc516d776291bae1628d91a26f927ad26cd',
    );
  });

  it('two weeks after the test controls, with hops and three moves a day', () => {
    const state = new SimState(3, MAIN, 'Demo Royale', { family: FEEDERS, moveRate: 3, hopRate: 0.02 });
    const [first, second] = state.family!.membersAt(FEEDERS[0]!.tag, new Date(FROM));
    state.attack(first!, new Date('2026-11-19T14:00:00Z'), 2);
    state.silence(second!, new Date('2026-11-20T12:00:00Z'));
    state.leaveAndRejoin(second!, new Date('2026-11-21T11:00:00Z'), new Date('2026-11-21T16:00:00Z'));
    const week = state.period(new Date('2026-11-19T12:00:00Z'));
    state.forceFinish(week.seasonId, week.sectionIndex, 2, FEEDERS[1]!.tag);
    expect(twoWeeksOfAnswers(state)).toBe('27fbe31091f064fd632e0c45520953760da5826812e1cb6c31e9731565f4d060');
  });
});
