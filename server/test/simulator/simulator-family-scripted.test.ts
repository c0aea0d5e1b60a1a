import { describe, expect, it } from 'vitest';
import {
  A,
  at,
  B,
  DAY1,
  DAY2,
  DAY3,
  entry,
  FOUNDED,
  listed,
  logEntry,
  profileClan,
  quietFamily,
  quietWeek,
  SEASON,
  Y,
} from './scripted-helpers.js';

/**
 * The hard moves scripted one by one (docs/decisions/109-hard-family-moves.md), each producing exactly the payloads
 * its story implies, by hand: A is the main clan, B its Academy; resets Friday 09:36:25 and Saturday 09:34:00 UTC.
 * Added attacks earn 200 medals each.
 */
const clansOf = (s: ReturnType<typeof quietFamily>, tag: string, periodIndex: number) =>
  s.family!.attacks(tag, SEASON, periodIndex).map((a) => a.clanTag);

describe('scripted moves between family clans', () => {
  it('in A at Friday’s reset, to B at 12:00 and 4 decks there, back in A at 09:50 Saturday', () => {
    const s = quietFamily();
    const p = s.roster.core[20]!.tag;
    quietWeek(s, p);
    s.attack(p, at('2026-11-19T15:00:00Z'), 4);
    const out = s.move(p, B, at('2026-11-20T12:00:00Z'), at('2026-11-20T12:05:00Z'));
    s.attack(p, at('2026-11-20T12:30:00Z'), 4);
    const back = s.move(p, A, at('2026-11-21T09:45:00Z'), at('2026-11-21T09:50:00Z'));
    s.attack(p, at('2026-11-21T11:00:00Z'), 2);
    expect(out).toEqual({
      playerTag: p,
      fromClan: A,
      toClan: B,
      leftAt: at('2026-11-20T12:00:00Z'),
      joinedAt: at('2026-11-20T12:05:00Z'),
    });
    expect(back).toMatchObject({ fromClan: B, toClan: A, joinedAt: at('2026-11-21T09:50:00Z') });

    expect(listed(s, A, p, '2026-11-20T11:59:00Z')).toBe('member');
    expect(entry(s, A, p, '2026-11-20T11:59:00Z')).toEqual({ decksUsed: 4, fame: 800, decksUsedToday: 0 });
    // On the way: in no list, no clan on the profile.
    expect([listed(s, A, p, '2026-11-20T12:02:00Z'), listed(s, B, p, '2026-11-20T12:02:00Z')]).toEqual([null, null]);
    expect(profileClan(s, p, '2026-11-20T12:02:00Z')).toBeNull();
    // In B, no deck there yet: listed as a member, not a participant; A keeps the leaver's entry.
    expect(listed(s, B, p, '2026-11-20T12:10:00Z')).toBe('member');
    expect(profileClan(s, p, '2026-11-20T12:10:00Z')).toBe(B);
    expect(entry(s, B, p, '2026-11-20T12:10:00Z')).toBeUndefined();
    expect(entry(s, A, p, '2026-11-20T12:10:00Z')).toEqual({ decksUsed: 4, fame: 800, decksUsedToday: 0 });
    expect(entry(s, B, p, '2026-11-20T13:00:00Z')).toEqual({ decksUsed: 4, fame: 800, decksUsedToday: 4 });
    expect(entry(s, A, p, '2026-11-20T13:00:00Z')).toEqual({ decksUsed: 4, fame: 800, decksUsedToday: 0 });
    // Saturday's reset, still in B.
    expect(entry(s, B, p, '2026-11-21T09:40:00Z')).toEqual({ decksUsed: 4, fame: 800, decksUsedToday: 0 });
    // Back in A before a 09:55 poll: A's decks only; B keeps its part.
    expect([listed(s, A, p, '2026-11-21T09:55:00Z'), listed(s, B, p, '2026-11-21T09:55:00Z')]).toEqual([
      'member',
      null,
    ]);
    expect(entry(s, A, p, '2026-11-21T09:55:00Z')).toEqual({ decksUsed: 4, fame: 800, decksUsedToday: 0 });
    expect(entry(s, B, p, '2026-11-21T09:55:00Z')).toEqual({ decksUsed: 4, fame: 800, decksUsedToday: 0 });
    // A's entry adds the new decks to the earlier ones.
    expect(entry(s, A, p, '2026-11-21T12:00:00Z')).toEqual({ decksUsed: 6, fame: 1200, decksUsedToday: 2 });
    expect(logEntry(s, A, p)).toEqual({ decksUsed: 6, fame: 1200, decksUsedToday: 0 });
    expect(logEntry(s, B, p)).toEqual({ decksUsed: 4, fame: 800, decksUsedToday: 0 });

    const ledger = s.family!;
    expect(ledger.stints(p, at('2026-11-23T00:00:00Z'))).toEqual([
      { clanTag: A, joinedAt: FOUNDED, leftAt: at('2026-11-20T12:00:00Z'), byMove: false },
      { clanTag: B, joinedAt: at('2026-11-20T12:05:00Z'), leftAt: at('2026-11-21T09:45:00Z'), byMove: true },
      { clanTag: A, joinedAt: at('2026-11-21T09:50:00Z'), leftAt: null, byMove: true },
    ]);
    expect(ledger.clanOf(p, at('2026-11-20T12:02:00Z'))).toBeNull();
    expect([clansOf(s, p, DAY1), clansOf(s, p, DAY2), clansOf(s, p, DAY3)]).toEqual([
      [A, A, A, A],
      [B, B, B, B],
      [A, A],
    ]);
    const events = ledger.events(A, at('2026-11-20T00:00:00Z'), at('2026-11-22T00:00:00Z'));
    expect(events.filter((e) => e.playerTag === p)).toEqual([
      { playerTag: p, clanTag: A, kind: 'left', at: at('2026-11-20T12:00:00Z'), move: out },
      { playerTag: p, clanTag: A, kind: 'joined', at: at('2026-11-21T09:50:00Z'), move: back },
    ]);
    expect(ledger.hardCases(at('2026-11-20T00:00:00Z'), at('2026-11-22T00:00:00Z'))).toMatchObject({
      moves: 2,
      aroundReset: 1,
      acrossReset: 0,
      returns: 1,
      rejoins: 0,
      doneThenMoved: 0,
      partThenMoved: 0,
    });
  });

  it('2 decks Thursday evening and 2 more at 09:20–09:35 Friday, reset, to B at 09:38, 2 there, back in A at 09:52', () => {
    const s = quietFamily();
    const p = s.roster.core[21]!.tag;
    quietWeek(s, p);
    s.attack(p, at('2026-11-19T19:00:00Z'), 2);
    s.attack(p, at('2026-11-20T09:20:00Z'), 1);
    s.attack(p, at('2026-11-20T09:35:00Z'), 1);
    s.move(p, B, at('2026-11-20T09:38:00Z'), at('2026-11-20T09:40:00Z'));
    s.attack(p, at('2026-11-20T09:42:00Z'), 1);
    s.attack(p, at('2026-11-20T09:45:00Z'), 1);
    s.move(p, A, at('2026-11-20T09:48:00Z'), at('2026-11-20T09:52:00Z'));

    expect(entry(s, A, p, '2026-11-20T09:15:00Z')).toEqual({ decksUsed: 2, fame: 400, decksUsedToday: 2 });
    expect(entry(s, A, p, '2026-11-20T09:36:00Z')).toEqual({ decksUsed: 4, fame: 800, decksUsedToday: 4 });
    expect(entry(s, A, p, '2026-11-20T09:37:00Z')).toEqual({ decksUsed: 4, fame: 800, decksUsedToday: 0 });
    expect(entry(s, B, p, '2026-11-20T09:46:00Z')).toEqual({ decksUsed: 2, fame: 400, decksUsedToday: 2 });
    expect(entry(s, A, p, '2026-11-20T09:46:00Z')).toEqual({ decksUsed: 4, fame: 800, decksUsedToday: 0 });
    // The 09:55 poll reads 4/2 in A: decksUsed − decksUsedToday is not what day 1 ended with.
    expect(entry(s, A, p, '2026-11-20T09:55:00Z')).toEqual({ decksUsed: 4, fame: 800, decksUsedToday: 2 });
    expect(entry(s, B, p, '2026-11-20T09:55:00Z')).toEqual({ decksUsed: 2, fame: 400, decksUsedToday: 2 });
    expect(entry(s, B, p, '2026-11-21T10:00:00Z')).toEqual({ decksUsed: 2, fame: 400, decksUsedToday: 0 });
    expect([clansOf(s, p, DAY1), clansOf(s, p, DAY2)]).toEqual([
      [A, A, A, A],
      [B, B],
    ]);
    expect(s.family!.stints(p, at('2026-11-21T00:00:00Z')).map((x) => [x.clanTag, x.joinedAt, x.leftAt])).toEqual([
      [A, FOUNDED, at('2026-11-20T09:38:00Z')],
      [B, at('2026-11-20T09:40:00Z'), at('2026-11-20T09:48:00Z')],
      [A, at('2026-11-20T09:52:00Z'), null],
    ]);
    // Back to A after 2 decks in B: a return, and a move after some of the day's decks.
    expect(s.family!.hardCases(at('2026-11-20T09:00:00Z'), at('2026-11-20T10:00:00Z'))).toMatchObject({
      moves: 2,
      aroundReset: 2,
      returns: 1,
      partThenMoved: 1,
    });
  });

  it('leaves and rejoins the same clan across Friday’s reset and within Saturday, coming back a plain member', () => {
    const s = quietFamily();
    const p = s.roster.core[5]!.tag;
    quietWeek(s, p);
    s.attack(p, at('2026-11-19T20:00:00Z'), 3);
    s.move(p, A, at('2026-11-20T09:30:00Z'), at('2026-11-20T09:50:00Z'));
    s.attack(p, at('2026-11-20T10:00:00Z'), 4);
    s.attack(p, at('2026-11-21T13:00:00Z'), 2);
    s.move(p, A, at('2026-11-21T14:00:00Z'), at('2026-11-21T15:30:00Z'));
    s.attack(p, at('2026-11-21T16:00:00Z'), 2);

    expect(listed(s, A, p, '2026-11-20T09:29:00Z')).toBe('elder');
    expect(entry(s, A, p, '2026-11-20T09:29:00Z')).toEqual({ decksUsed: 3, fame: 600, decksUsedToday: 3 });
    expect(listed(s, A, p, '2026-11-20T09:31:00Z')).toBeNull();
    expect(entry(s, A, p, '2026-11-20T09:31:00Z')).toEqual({ decksUsed: 3, fame: 600, decksUsedToday: 3 });
    expect(entry(s, A, p, '2026-11-20T09:40:00Z')).toEqual({ decksUsed: 3, fame: 600, decksUsedToday: 0 });
    expect(listed(s, A, p, '2026-11-20T09:51:00Z')).toBe('member');
    expect(entry(s, A, p, '2026-11-20T10:30:00Z')).toEqual({ decksUsed: 7, fame: 1400, decksUsedToday: 4 });
    expect(listed(s, A, p, '2026-11-21T14:30:00Z')).toBeNull();
    expect(entry(s, A, p, '2026-11-21T14:30:00Z')).toEqual({ decksUsed: 9, fame: 1800, decksUsedToday: 2 });
    expect(entry(s, A, p, '2026-11-21T17:00:00Z')).toEqual({ decksUsed: 11, fame: 2200, decksUsedToday: 4 });

    const ledger = s.family!;
    expect(
      ledger.moves(at('2026-11-20T00:00:00Z'), at('2026-11-22T00:00:00Z')).map((m) => m.fromClan + m.toClan),
    ).toEqual([A + A, A + A]);
    expect(ledger.stints(p, at('2026-11-22T00:00:00Z')).map((x) => [x.joinedAt, x.leftAt, x.byMove])).toEqual([
      [FOUNDED, at('2026-11-20T09:30:00Z'), false],
      [at('2026-11-20T09:50:00Z'), at('2026-11-21T14:00:00Z'), true],
      [at('2026-11-21T15:30:00Z'), null, true],
    ]);
    const events = ledger.events(A, at('2026-11-20T09:00:00Z'), at('2026-11-20T10:00:00Z'));
    expect(events.filter((e) => e.playerTag === p).map((e) => [e.kind, e.at, e.move?.toClan])).toEqual([
      ['left', at('2026-11-20T09:30:00Z'), A],
      ['joined', at('2026-11-20T09:50:00Z'), A],
    ]);
    expect(ledger.hardCases(at('2026-11-20T00:00:00Z'), at('2026-11-22T00:00:00Z'))).toMatchObject({
      moves: 2,
      rejoins: 2,
      rejoinsAcrossReset: 1,
      aroundReset: 1,
      returns: 0,
    });
  });

  it('joins another clan after all 4 decks of the day (listed there only from a deck), or after 2 of them', () => {
    const s = quietFamily();
    const [done, some] = [s.roster.core[22]!.tag, s.roster.core[23]!.tag];
    quietWeek(s, done);
    quietWeek(s, some);
    s.attack(done, at('2026-11-20T10:00:00Z'), 4);
    s.move(done, B, at('2026-11-20T12:00:00Z'), at('2026-11-20T12:10:00Z'));
    s.attack(done, at('2026-11-20T13:00:00Z'), 1);
    s.attack(done, at('2026-11-21T12:00:00Z'), 4);
    s.attack(some, at('2026-11-20T10:00:00Z'), 2);
    s.move(some, B, at('2026-11-20T12:00:00Z'), at('2026-11-20T12:10:00Z'));
    s.attack(some, at('2026-11-20T13:00:00Z'), 3);

    expect(listed(s, B, done, '2026-11-20T12:30:00Z')).toBe('member');
    expect(entry(s, B, done, '2026-11-20T14:00:00Z')).toBeUndefined();
    expect(entry(s, A, done, '2026-11-20T14:00:00Z')).toEqual({ decksUsed: 4, fame: 800, decksUsedToday: 4 });
    expect(entry(s, A, done, '2026-11-21T13:00:00Z')).toEqual({ decksUsed: 4, fame: 800, decksUsedToday: 0 });
    expect(entry(s, B, done, '2026-11-21T13:00:00Z')).toEqual({ decksUsed: 4, fame: 800, decksUsedToday: 4 });
    // 4 decks a day in all clans: 2 of the 3 count, in B.
    expect(entry(s, B, some, '2026-11-20T14:00:00Z')).toEqual({ decksUsed: 2, fame: 400, decksUsedToday: 4 });
    expect(entry(s, A, some, '2026-11-20T14:00:00Z')).toEqual({ decksUsed: 2, fame: 400, decksUsedToday: 2 });
    expect([clansOf(s, done, DAY2), clansOf(s, done, DAY3), clansOf(s, some, DAY2)]).toEqual([
      [A, A, A, A],
      [B, B, B, B],
      [A, A, B, B],
    ]);
    expect(s.family!.hardCases(at('2026-11-20T00:00:00Z'), at('2026-11-21T00:00:00Z'))).toMatchObject({
      moves: 2,
      doneThenMoved: 1,
      partThenMoved: 1,
    });
  });

  it('moves a rotating slot’s player, who leaves the family from the new clan when their tenure ends', () => {
    const s = quietFamily();
    // The Academy's slot player whose tenure ends on Friday 2026-11-20 at 15:58:48.897.
    const slot = '#CV88VC9QV';
    const end = at('2026-11-20T15:58:48.897Z');
    expect(s.clanState(B)!.ledger.membership(slot, at('2026-11-20T12:00:00Z'))?.leftAt).toEqual(end);
    s.move(slot, Y, at('2026-11-20T12:00:00Z'), at('2026-11-20T12:05:00Z'));
    expect([listed(s, B, slot, '2026-11-20T15:00:00Z'), listed(s, Y, slot, '2026-11-20T15:00:00Z')]).toEqual([
      null,
      'member',
    ]);
    expect(listed(s, Y, slot, '2026-11-20T16:00:00Z')).toBeNull();
    expect(s.family!.clanOf(slot, at('2026-11-20T16:00:00Z'))).toBeNull();
    expect(s.family!.stints(slot, at('2026-11-21T00:00:00Z'))).toEqual([
      { clanTag: B, joinedAt: at('2026-11-09T06:08:24.897Z'), leftAt: at('2026-11-20T12:00:00Z'), byMove: false },
      { clanTag: Y, joinedAt: at('2026-11-20T12:05:00Z'), leftAt: end, byMove: true },
    ]);
    const events = s.family!.events(Y, at('2026-11-20T00:00:00Z'), at('2026-11-21T00:00:00Z'));
    expect(events.filter((e) => e.playerTag === slot).map((e) => [e.kind, e.at, e.move?.fromClan ?? null])).toEqual([
      ['joined', at('2026-11-20T12:05:00Z'), B],
      ['left', end, null],
    ]);
  });
});
