import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SimRoute } from '../../src/simulator/faults.js';
import { answer } from '../../src/simulator/routes.js';
import { SimState } from '../../src/simulator/state.js';

/**
 * A simulator without a family answers and records exactly what it did before the family existed
 * (docs/decisions/102-simulated-family.md): a week of every endpoint and of the ledger, hashed. The hashes were
 * taken from the code before the family was added; a change here means a single-clan answer changed.
 */
const HOUR = 3_600_000;
const FROM = Date.parse('2026-11-16T08:00:00Z');
const TO = Date.parse('2026-11-23T12:00:00Z');
const CLAN = '#2PQ8L0C';

function weekOfAnswers(state: SimState): string {
  const hash = createHash('sha256');
  const add = (label: string, value: unknown) => hash.update(`${label}\n${JSON.stringify(value)}\n`);
  const ask = (route: SimRoute, param: string | undefined, query: string, t: number) =>
    add(`${route} ${param} ${query} ${t}`, answer(state, route, param, new URLSearchParams(query), t));
  for (let t = FROM; t < TO; t += 3 * HOUR) {
    ask('clan', CLAN, '', t);
    ask('members', CLAN, '', t);
    ask('currentriverrace', CLAN, '', t);
    ask('riverracelog', CLAN, t % (6 * HOUR) === 0 ? 'limit=2' : '', t);
    ask('clan', '#PPPPPPPP', '', t);
    ask('clanRankings', 'global', '', t);
    ask('clanRankings', '57000249', 'limit=50', t);
    ask('clanWarRankings', '57000087', '', t);
    ask('clanWarRankings', undefined, '', t);
    ask('locations', undefined, '', t);
    const at = new Date(t);
    const period = state.period(at);
    add('period', period);
    add('members', state.membersAt(at));
    add('ledger members', state.ledger.membersAt(at));
    add('maintenance', state.ledger.inMaintenance(at));
    if (t % (12 * HOUR) !== 0) continue;
    for (const m of state.membersDuring(new Date(t - 12 * HOUR), at)) {
      ask('player', m.tag, '', t);
      add('decks', [m.tag, state.decksUsedOn(m.tag, period.seasonId, period.periodIndex, at)]);
      add('attacks', state.ledger.attacks(m.tag, period.seasonId, period.periodIndex));
      add('membership', state.ledger.membership(m.tag, at));
      add('member', [state.ledger.isMemberAt(m.tag, at), state.findPlayer(m.tag, at)?.tag]);
    }
    add('finish', [
      state.ledger.finishedAt(period.seasonId, period.sectionIndex),
      state.ledger.finishDay(period.seasonId, period.sectionIndex),
      state.ledger.loggedAt(period.seasonId, period.sectionIndex),
    ]);
    add('inactive', state.inactiveTags());
  }
  ask('player', '#PPPPPPPP', '', TO);
  return hash.digest('hex');
}

describe('a single-clan simulator answers as before the family', () => {
  it('a week of answers and ledger, default options', () => {
    expect(weekOfAnswers(new SimState(20260, CLAN, 'Demo Royale ⚔'))).toBe(
      'a4d537a9f2fc8288f4a2c4bc054a37460c1eab7965bcaa91e84a6f9e5bc8955c',
    );
  });

  it('a week of answers and ledger, with hops and maintenance breaks', () => {
    const state = new SimState(7, CLAN, 'Demo Royale ⚔', { hopRate: 0.05, maintenanceRate: 0.3 });
    expect(weekOfAnswers(state)).toBe('f1e876f6056168d3c55ba57a58fb222371b57b323f2b681a448b88164e71c512');
  });

  it('a week of answers and ledger after the test controls (attacks, silences, absences, a forced finish)', () => {
    const state = new SimState(99, CLAN, 'Demo');
    const [idle] = state.inactiveTags();
    const [first, second] = state.membersAt(new Date(FROM)).map((m) => m.tag);
    state.attack(idle!, new Date('2026-11-19T14:00:00Z'), 2);
    state.silence(first!, new Date('2026-11-20T12:00:00Z'));
    state.leaveAndRejoin(second!, new Date('2026-11-19T11:00:00Z'), new Date('2026-11-20T16:00:00Z'));
    const week = state.period(new Date('2026-11-19T12:00:00Z'));
    state.forceFinish(week.seasonId, week.sectionIndex, 2);
    expect(weekOfAnswers(state)).toBe('e5cf94c36025d63362b22fcb4a973222dcb9e24a871fdc8b1d453c99af88ae3d');
  });
});
