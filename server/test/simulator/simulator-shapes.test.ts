/* eslint-disable @typescript-eslint/no-explicit-any -- raw API payloads, compared by their key sets */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { readFixture } from '../helpers/cr-fixtures.js';

const fixture = (name: string): any => readFixture(name);

/** Key set of an object, or the union over the elements of an array. */
function keys(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  const set = new Set<string>();
  for (const item of items) for (const k of Object.keys(item as object)) set.add(k);
  return [...set].sort();
}

const clock = new ManualClock('2026-11-19T15:00:00.000Z');
let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ clock, seed: 3 });
});
afterAll(async () => sim.close());

async function get(path: string): Promise<any> {
  const res = await fetch(`${sim.url}${path}`, { headers: { authorization: 'Bearer t' } });
  expect(res.status, path).toBe(200);
  return res.json();
}

function expectRaceShape(sim: any, rec: any) {
  expect(keys(sim)).toEqual(keys(rec));
  expect(keys(sim.clans)).toEqual(
    keys(rec.clans).filter((k) => k !== 'finishTime' || keys(sim.clans).includes('finishTime')),
  );
  expect(keys(sim.clan.participants)).toEqual(keys(rec.clan.participants));
  expect(keys(sim.periodLogs)).toEqual(keys(rec.periodLogs));
  expect(keys(sim.periodLogs.flatMap((p: any) => p.items))).toEqual(keys(rec.periodLogs.flatMap((p: any) => p.items)));
}

describe('simulator answers have the recorded shapes', () => {
  it('/clans/{tag} like clan.json', async () => {
    const body = await get('/clans/%232PQ8L0C');
    const rec = fixture('clan.json');
    expect(keys(body)).toEqual(keys(rec));
    expect(keys(body.memberList)).toEqual(keys(rec.memberList));
    expect(keys(body.location)).toEqual(keys({ ...rec.location, countryCode: 'US' }));
    expect(body.memberList[0].lastSeen).toMatch(/^\d{8}T\d{6}\.000Z$/);
  });

  it('/clans/{tag}/members like members.json', async () => {
    const body = await get('/clans/%232PQ8L0C/members');
    const rec = fixture('members.json');
    expect(keys(body)).toEqual(keys(rec));
    expect(keys(body.items)).toEqual(keys(rec.items));
  });

  it('/currentriverrace like the warDay, training and colosseum recordings', async () => {
    clock.set('2026-11-20T15:00:00.000Z');
    expectRaceShape(
      await get('/clans/%232PQ8L0C/currentriverrace'),
      fixture('currentriverrace.warday-inprogress.json'),
    );
    clock.set('2026-11-30T15:00:00.000Z');
    const training = await get('/clans/%232PQ8L0C/currentriverrace');
    expect(training.periodType).toBe('training');
    expectRaceShape(training, fixture('currentriverrace.training.json'));
    clock.set('2026-12-04T15:00:00.000Z');
    const colosseum = await get('/clans/%232PQ8L0C/currentriverrace');
    expect(colosseum.periodType).toBe('colosseum');
    expectRaceShape(colosseum, fixture('currentriverrace.colosseum.json'));
    clock.set('2026-11-19T15:00:00.000Z');
  });

  it('/riverracelog like riverracelog.json', async () => {
    const body = await get('/clans/%232PQ8L0C/riverracelog');
    const rec = fixture('riverracelog.json');
    expect(keys(body)).toEqual(keys(rec));
    expect(keys(body.items)).toEqual(keys(rec.items));
    const standings = (x: any) => x.items.flatMap((i: any) => i.standings);
    expect(keys(standings(body))).toEqual(keys(standings(rec)));
    expect(keys(standings(body).map((s: any) => s.clan))).toEqual(keys(standings(rec).map((s: any) => s.clan)));
    expect(keys(standings(body).flatMap((s: any) => s.clan.participants))).toEqual(
      keys(standings(rec).flatMap((s: any) => s.clan.participants)),
    );
  });

  it('/players/{tag} like player.json', async () => {
    const clan = await get('/clans/%232PQ8L0C');
    const body = await get(`/players/${encodeURIComponent(clan.memberList[0].tag)}`);
    const rec = fixture('player.json');
    expect(keys(body)).toEqual(keys(rec));
    expect(keys(Object.values(body.progress))).toEqual(keys(Object.values(rec.progress)));
    expect(keys(body.cards)).toEqual(expect.arrayContaining(['id', 'level', 'maxLevel', 'name', 'rarity']));
  });

  it('/locations and the ranking lists in the documented shapes (no recordings exist)', async () => {
    const locations = await get('/locations');
    expect(keys(locations.items)).toEqual(['countryCode', 'id', 'isCountry', 'name']);
    for (const path of [
      '/locations/57000249/rankings/clans',
      '/locations/global/rankings/clans',
      '/locations/global/rankings/clanwars',
      '/rankings/clanwars',
    ]) {
      const body = await get(path);
      expect(keys(body.items), path).toEqual([
        'badgeId',
        'clanScore',
        'location',
        'members',
        'name',
        'previousRank',
        'rank',
        'tag',
      ]);
    }
  });

  it('answers 404 notFound for another clan or an unknown player, 403 without a token', async () => {
    expect((await fetch(`${sim.url}/clans/%23PPPPPPPP`, { headers: { authorization: 'Bearer t' } })).status).toBe(404);
    const unknown = await fetch(`${sim.url}/players/%23PPPPPPPP`, { headers: { authorization: 'Bearer t' } });
    expect(await unknown.json()).toEqual({ reason: 'notFound' });
    const denied = await fetch(`${sim.url}/locations`);
    expect(denied.status).toBe(403);
    expect(
      (await fetch(`${sim.url}/clans/%232PQ8L0C/riverracelog?limit=0`, { headers: { authorization: 'Bearer t' } }))
        .status,
    ).toBe(400);
  });
});
