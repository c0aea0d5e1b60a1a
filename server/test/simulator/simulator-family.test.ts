/* eslint-disable @typescript-eslint/no-explicit-any -- raw API payloads */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { SimState } from '../../src/simulator/state.js';
import {
  ask,
  DAY,
  FAMILY_TAGS,
  FEEDERS,
  familyState,
  FROM,
  HOUR,
  listedIn,
  MAIN,
  memberLists,
  TO,
} from './family-helpers.js';

/**
 * A simulated family of three (docs/decisions/102-simulated-family.md): one player pool, each clan its own roster,
 * and players moving between them, judged against the family's ledger at every poll of a month.
 */
const state = familyState();
const ledger = state.family!;
const moves = ledger.moves(new Date(FROM), new Date(TO));
const player = (tag: string, t: number) => ask(state, 'player', tag, t).body;
const names = new Map(FAMILY_TAGS.map((tag) => [tag, ask(state, 'clan', tag, FROM).body.name]));

describe('a simulated family of three over a month', () => {
  it('moves players both ways, at any time of day, some more than a day after leaving', () => {
    expect(moves.length).toBeGreaterThan(10);
    expect(moves.some((m) => m.toClan === MAIN)).toBe(true);
    expect(moves.some((m) => m.fromClan === MAIN)).toBe(true);
    for (const m of moves) expect([m.fromClan, m.toClan]).toContain(MAIN);
    expect(new Set(moves.map((m) => m.leftAt.getUTCHours())).size).toBeGreaterThanOrEqual(8);
    const year = ledger.moves(new Date(FROM - 365 * DAY), new Date(TO));
    const gaps = year.map((m) => m.joinedAt.getTime() - m.leftAt.getTime());
    expect(gaps.some((g) => g > DAY)).toBe(true);
    expect(gaps.some((g) => g < HOUR)).toBe(true);
    for (const g of gaps) expect(g).toBeGreaterThan(0);
  });

  it('at every hourly poll no player is in two clans, each clan holds at most 50, and the ledger agrees', () => {
    for (let t = FROM + 17 * 60_000; t < TO; t += HOUR) {
      const lists = memberLists(state, t);
      const all = [...lists.values()].flat();
      expect(new Set(all).size, new Date(t).toISOString()).toBe(all.length);
      for (const [clan, tags] of lists) {
        expect(tags.length).toBeLessThanOrEqual(50);
        expect([...tags].sort(), `${clan} ${new Date(t).toISOString()}`).toEqual(
          [...ledger.membersAt(clan, new Date(t))].sort(),
        );
      }
      for (const m of moves) expect(ledger.clanOf(m.playerTag, new Date(t))).toBe(listedIn(lists, m.playerTag));
    }
  });

  it('a mover is in the old list until leaving, in no list on the way, in the new one from joining', () => {
    for (const m of moves) {
      const [left, joined] = [m.leftAt.getTime(), m.joinedAt.getTime()];
      expect(listedIn(memberLists(state, left - 1000), m.playerTag)).toBe(m.fromClan);
      expect(listedIn(memberLists(state, left), m.playerTag)).toBeNull();
      expect(listedIn(memberLists(state, joined - 1000), m.playerTag)).toBeNull();
      expect(listedIn(memberLists(state, joined), m.playerTag)).toBe(m.toClan);
      expect(player(m.playerTag, left - 1000).clan?.tag).toBe(m.fromClan);
      expect(player(m.playerTag, left)).not.toHaveProperty('clan');
      expect(player(m.playerTag, left)).not.toHaveProperty('role');
      expect(player(m.playerTag, joined)).toMatchObject({ clan: { tag: m.toClan }, role: 'member' });
      expect(ledger.clanOf(m.playerTag, m.leftAt)).toBeNull();
    }
  });

  it('each clan’s ledger records its joins and leaves, moves with both halves', () => {
    const events = new Map(FAMILY_TAGS.map((c) => [c, ledger.events(c, new Date(FROM), new Date(TO + 3 * DAY))]));
    for (const m of moves) {
      expect(events.get(m.fromClan)).toContainEqual({
        playerTag: m.playerTag,
        clanTag: m.fromClan,
        kind: 'left',
        at: m.leftAt,
        move: m,
      });
      expect(events.get(m.toClan)).toContainEqual({
        playerTag: m.playerTag,
        clanTag: m.toClan,
        kind: 'joined',
        at: m.joinedAt,
        move: m,
      });
    }
    // Between two polls, a clan's list changes exactly by its recorded joins and leaves.
    for (const [clan, list] of events) {
      for (let t = FROM; t < TO; t += 6 * HOUR) {
        const [before, after] = [
          new Set(ledger.membersAt(clan, new Date(t))),
          ledger.membersAt(clan, new Date(t + 6 * HOUR)),
        ];
        const inWindow = list.filter((e) => e.at.getTime() > t && e.at.getTime() <= t + 6 * HOUR);
        const net = new Set(before);
        for (const e of inWindow) {
          if (e.kind === 'joined') net.add(e.playerTag);
          else net.delete(e.playerTag);
        }
        expect([...net].sort(), `${clan} ${new Date(t).toISOString()}`).toEqual([...after].sort());
      }
    }
  });

  it('/players/{tag} names the clan whose list holds the player, as the ledger says, at polls every 12 hours', () => {
    for (let t = FROM + 5 * HOUR; t < TO; t += 12 * HOUR) {
      const lists = memberLists(state, t);
      const tags = new Set([...[...lists.values()].flat(), ...moves.map((m) => m.playerTag)]);
      for (const tag of tags) {
        const body = player(tag, t);
        const expected = ledger.clanOf(tag, new Date(t));
        expect(body.clan?.tag ?? null, `${tag} ${new Date(t).toISOString()}`).toBe(expected);
        expect(listedIn(lists, tag)).toBe(expected);
        if (expected) expect(body.clan.name).toBe(names.get(expected));
      }
    }
  });

  it('is a pure function of the seed, whatever is asked first', () => {
    const other = familyState();
    other.war.currentRiverRace(TO + 10 * DAY);
    ask(other, 'members', FEEDERS[1]!.tag, TO);
    expect(other.family!.moves(new Date(FROM), new Date(TO))).toEqual(moves);
    const t = FROM + 11 * DAY + 3 * HOUR;
    for (const tag of FAMILY_TAGS)
      expect(ask(other, 'currentriverrace', tag, t)).toEqual(ask(state, 'currentriverrace', tag, t));
    expect(familyState(32).family!.moves(new Date(FROM), new Date(TO))).not.toEqual(moves);
  });

  it('with no moves, the main clan answers exactly as the single clan does', () => {
    const single = new SimState(31, MAIN, 'Demo Royale');
    const still = familyState(31, 0);
    expect(still.family!.moves(new Date(0), new Date(TO))).toEqual([]);
    for (let t = FROM + 7 * HOUR; t < FROM + 9 * DAY; t += 13 * HOUR) {
      for (const route of ['clan', 'members', 'currentriverrace', 'riverracelog'] as const)
        expect(ask(still, route, MAIN, t)).toEqual(ask(single, route, MAIN, t));
      for (const m of single.membersAt(new Date(t)).slice(0, 10))
        expect(ask(still, 'player', m.tag, t)).toEqual(ask(single, 'player', m.tag, t));
    }
  });
});

describe('the family over HTTP', () => {
  const clock = new ManualClock('2026-11-19T15:00:00.000Z');
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ clock, seed: 31, family: FEEDERS, moveRate: 1 });
  });
  afterAll(async () => sim.close());
  const get = (path: string) => fetch(`${sim.url}${path}`, { headers: { authorization: 'Bearer t' } });

  it('serves every family clan and answers 404 notFound for any other tag, an opponent’s included', async () => {
    const race: any = await (await get(`/clans/${encodeURIComponent(FEEDERS[0]!.tag)}/currentriverrace`)).json();
    const opponent = race.clans.find((c: any) => !FAMILY_TAGS.includes(c.tag)).tag;
    for (const suffix of ['', '/members', '/currentriverrace', '/riverracelog']) {
      for (const tag of FAMILY_TAGS) expect((await get(`/clans/${encodeURIComponent(tag)}${suffix}`)).status).toBe(200);
      for (const tag of ['#PPPPPPPP', opponent]) {
        const res = await get(`/clans/${encodeURIComponent(tag)}${suffix}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ reason: 'notFound' });
      }
    }
    const feeder: any = await (await get(`/clans/${encodeURIComponent(FEEDERS[1]!.tag)}`)).json();
    expect(feeder).toMatchObject({ tag: FEEDERS[1]!.tag, name: FEEDERS[1]!.name });
    const member = feeder.memberList[0].tag;
    const profile: any = await (await get(`/players/${encodeURIComponent(member)}`)).json();
    expect(profile.clan).toMatchObject({ tag: FEEDERS[1]!.tag, name: FEEDERS[1]!.name });
  });

  it('refuses a family clan tag twice or the main clan’s', async () => {
    await expect(startSimulator({ clock, family: [{ tag: MAIN }] })).rejects.toThrow(/family clan tag/);
    await expect(startSimulator({ clock, family: [{ tag: '#8QJ2YLUC' }, { tag: '8qj2yluc' }] })).rejects.toThrow();
  });
});
