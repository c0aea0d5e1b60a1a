import { describe, expect, it } from 'vitest';
import { SimState } from '../../src/simulator/state.js';
import { checkMembers, checkRace } from './family-checks.js';
import { FAMILY_TAGS, FEEDERS, HOUR, MAIN } from './family-helpers.js';
import { A, at, B, entry, listed, quietFamily, quietWeek, SEASON, SECTION, Y } from './scripted-helpers.js';

/**
 * Scripted moves beside the other test controls and the generated moves (docs/decisions/109-hard-family-moves.md):
 * they compose, they change answers already given, and a move the game would not allow is refused.
 */
describe('scripted moves with the other controls', () => {
  it('compose with the hard profile, an absence and a forced finish, and the family still agrees with its ledger', () => {
    const s = new SimState(31, MAIN, 'Demo Royale', { family: FEEDERS, moveRate: 1, hardMoves: true });
    const week = [at('2026-11-16T09:00:00Z'), at('2026-11-23T12:00:00Z')] as const;
    // A player of A whom the generated moves leave in A all week.
    const p = s.roster.core
      .slice(1)
      .map((x) => x.tag)
      .find(
        (tag) => s.family!.moves(...week).every((m) => m.playerTag !== tag) && s.family!.clanOf(tag, week[0]) === A,
      )!;
    quietWeek(s, p);
    s.attack(p, at('2026-11-19T15:00:00Z'), 4);
    s.move(p, Y, at('2026-11-20T12:00:00Z'), at('2026-11-20T12:05:00Z'));
    s.attack(p, at('2026-11-20T12:30:00Z'), 4);
    s.leaveAndRejoin(p, at('2026-11-20T18:00:00Z'), at('2026-11-20T19:00:00Z'));
    s.move(p, A, at('2026-11-21T09:45:00Z'), at('2026-11-21T09:50:00Z'));
    s.attack(p, at('2026-11-21T11:00:00Z'), 2);
    s.forceFinish(SEASON, SECTION, 2, A);

    expect(entry(s, Y, p, '2026-11-20T13:00:00Z')).toEqual({ decksUsed: 4, fame: 800, decksUsedToday: 4 });
    // Away from Y for an hour: in no list, and the ledger's stints do not change for it.
    expect(listed(s, Y, p, '2026-11-20T18:30:00Z')).toBeNull();
    expect(s.family!.clanOf(p, at('2026-11-20T18:30:00Z'))).toBeNull();
    expect(listed(s, Y, p, '2026-11-20T19:30:00Z')).toBe('member');
    const thisWeek = s.family!.stints(p, week[1]).filter((x) => x.leftAt === null || x.leftAt > week[0]);
    expect(thisWeek.map((x) => x.clanTag)).toEqual([A, Y, A]);
    // A crossed at day 2's close: Saturday's decks count, without fame.
    expect(entry(s, A, p, '2026-11-21T12:00:00Z')).toEqual({ decksUsed: 6, fame: 800, decksUsedToday: 2 });
    // Nothing else moved the player: exactly the test's moves.
    expect(s.family!.moves(...week).filter((m) => m.playerTag === p)).toHaveLength(2);
    const movers = new Set(s.family!.moves(...week).map((m) => m.playerTag));
    for (let t = Date.parse('2026-11-20T09:07:00Z'); t < Date.parse('2026-11-21T14:00:00Z'); t += HOUR) {
      checkMembers(s, t, movers);
      for (const clan of FAMILY_TAGS) checkRace(s, clan, t);
    }
  });

  it('change what the simulator already answered', () => {
    const s = quietFamily();
    const p = s.roster.core[24]!.tag;
    quietWeek(s, p);
    s.attack(p, at('2026-11-20T12:00:00Z'), 2);
    expect(entry(s, A, p, '2026-11-20T13:00:00Z')).toEqual({ decksUsed: 2, fame: 400, decksUsedToday: 2 });
    expect(entry(s, B, p, '2026-11-20T13:00:00Z')).toBeUndefined();
    expect(listed(s, A, p, '2026-11-20T13:00:00Z')).toBe('member');
    s.move(p, B, at('2026-11-20T11:00:00Z'), at('2026-11-20T11:05:00Z'));
    expect(entry(s, B, p, '2026-11-20T13:00:00Z')).toEqual({ decksUsed: 2, fame: 400, decksUsedToday: 2 });
    expect(entry(s, A, p, '2026-11-20T13:00:00Z')).toEqual({ decksUsed: 0, fame: 0, decksUsedToday: 0 });
    expect([listed(s, A, p, '2026-11-20T13:00:00Z'), listed(s, B, p, '2026-11-20T13:00:00Z')]).toEqual([
      null,
      'member',
    ]);
  });

  it('refuse what the game would not allow, changing nothing', () => {
    const s = quietFamily();
    const [p, q] = [s.roster.core[30]!.tag, s.roster.core[31]!.tag];
    const academy = s.clanState(B)!.members.membersAt(Date.parse('2026-11-20T09:00:00Z'));
    const learner = academy.find((x) => x.role === 'member' && x.leftAt === null)!.tag;
    expect(() =>
      new SimState(31, MAIN, 'Solo').move(p, B, at('2026-11-20T10:00:00Z'), at('2026-11-20T11:00:00Z')),
    ).toThrow(/family/);
    expect(() => s.move(s.roster.core[0]!.tag, B, at('2026-11-20T10:00:00Z'), at('2026-11-20T11:00:00Z'))).toThrow(
      /not a player of the family who may move/,
    );
    expect(() => s.move('#PPPPPPPP', B, at('2026-11-20T10:00:00Z'), at('2026-11-20T11:00:00Z'))).toThrow();
    expect(() => s.move(p, '#PPPPPPPP', at('2026-11-20T10:00:00Z'), at('2026-11-20T11:00:00Z'))).toThrow(/family/);
    expect(() => s.move(p, B, at('2026-11-20T10:00:00Z'), at('2026-11-20T10:00:00Z'))).toThrow(/joins after/);
    s.move(p, B, at('2026-11-20T10:00:00Z'), at('2026-11-20T14:00:00Z'));
    expect(() => s.move(p, A, at('2026-11-20T13:00:00Z'), at('2026-11-20T15:00:00Z'))).toThrow(/on the way/);
    // A holds 50 counting every slot: it takes an Academy player only for a place one of its own left.
    expect(() => s.move(learner, A, at('2026-11-20T09:00:00Z'), at('2026-11-20T09:30:00Z'))).toThrow(/no room/);
    expect(s.family!.moves(at('2026-11-20T00:00:00Z'), at('2026-11-21T00:00:00Z')).map((m) => m.playerTag)).toEqual([
      p,
    ]);
    s.move(learner, A, at('2026-11-20T11:00:00Z'), at('2026-11-20T11:30:00Z'));
    expect(() => s.move(q, Y, at('2026-11-20T10:30:00Z'), at('2026-11-20T12:00:00Z'))).not.toThrow();
    expect(listed(s, A, learner, '2026-11-20T12:00:00Z')).toBe('member');
  });
});
