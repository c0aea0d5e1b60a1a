import { afterEach, describe, expect, it } from 'vitest';
import {
  clanRankingsResponseSchema,
  clanResponseSchema,
  leaderResponseSchema,
  membersResponseSchema,
} from '#contracts/public';
import { publicHarness, type PublicHarness } from '../../helpers/public-api.js';

let h: PublicHarness;
afterEach(async () => h?.close());

describe('public API over the simulator', () => {
  it('/api/clan: the clan with its counts, flagged as demo data', async () => {
    h = await publicHarness();
    const { status, body } = await h.get('/api/clan');
    expect(status).toBe(200);
    const clan = clanResponseSchema.parse(body);
    expect(clan).toMatchObject({
      tag: '#2PQ8L0C',
      locationName: 'United States',
      demo: true,
      stale: false,
      asOf: '2026-11-19T15:00:00.000Z',
    });
    expect(clan.members).toBe(h.sim.state.membersAt(h.clock.now()).length);
    expect(clan.clanScore).toBeGreaterThan(0);
    expect(clan.clanWarTrophies).toBeGreaterThan(0);
  });

  it('/api/clan/rankings: positions in the local lists, null where the clan is not listed', async () => {
    h = await publicHarness();
    const body = clanRankingsResponseSchema.parse((await h.get('/api/clan/rankings')).body);
    expect(body.locationName).toBe('United States');
    expect(body.localRank).toBeGreaterThan(0);
    expect(body.localTrophyRank).toBeGreaterThan(0);
    expect(body.globalRank).toBeNull();
  });

  it('/api/leader: the leader profile from /players', async () => {
    h = await publicHarness();
    const leader = h.sim.state.membersAt(h.clock.now()).find((m) => m.role === 'leader')!;
    const body = leaderResponseSchema.parse((await h.get('/api/leader')).body);
    expect(body).toMatchObject({ name: leader.name, tag: leader.tag });
    expect(body.expLevel).toBeGreaterThan(0);
  });

  it('/api/clan/members: roster merged with profiles, roles normalised', async () => {
    h = await publicHarness();
    const body = membersResponseSchema.parse((await h.get('/api/clan/members')).body);
    const roster = h.sim.state.membersAt(h.clock.now());
    expect(body.members.map((m) => m.playerTag).sort()).toEqual(roster.map((m) => m.tag).sort());
    expect(new Set(body.members.map((m) => m.role))).toEqual(new Set(['leader', 'coleader', 'elder', 'member']));
    expect(body.members.every((m) => m.expLevel !== null && m.expLevel > 0)).toBe(true);
    expect(body.members.some((m) => m.mergeTacticsScore !== null)).toBe(true);
    expect(body.members.some((m) => m.polLeagueNumber === 7)).toBe(true);
    // The simulator lists the newest Merge Tactics key before an older one for some players.
    const name = body.members.find((m) => m.mergeTacticsArena !== null)!;
    expect(name.mergeTacticsArena).toMatch(/Bronze|Silver|Gold|Crystal|Legend/);
  });

  it('a failed profile leaves that member listed with profile fields null', async () => {
    h = await publicHarness();
    h.sim.setFault('player', { kind: 'status', status: 404, reason: 'notFound' }, { times: 1 });
    const body = membersResponseSchema.parse((await h.get('/api/clan/members')).body);
    const missing = body.members.filter((m) => m.expLevel === null);
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({
      wins: null,
      losses: null,
      bestTrophies: null,
      polLeagueNumber: null,
      mergeTacticsScore: null,
    });
    expect(missing[0]!.name).not.toBe('');
    expect(missing[0]!.trophies).toBeGreaterThan(0);
    expect(body.members).toHaveLength(h.sim.state.membersAt(h.clock.now()).length);
  });

  it('serves from cache within the freshness and refreshes after it', async () => {
    h = await publicHarness();
    await h.get('/api/clan');
    await h.get('/api/clan');
    expect(h.sim.requests('clan')).toBe(1);
    h.clock.advance(2 * 60_000 + 1);
    const { body } = await h.get('/api/clan');
    expect(h.sim.requests('clan')).toBe(2);
    expect(body.asOf).toBe(h.clock.now().toISOString());
  });

  it('a cached answer is JSON with the contract fields only, and changes with the data', async () => {
    h = await publicHarness();
    const first = await h.t.app.inject({ method: 'GET', url: '/api/clan' });
    const again = await h.t.app.inject({ method: 'GET', url: '/api/clan' });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    // The fields of docs/product.md (Clan) plus the cache meta of docs/architecture.md §5, written out by hand.
    expect(Object.keys(first.json()).sort()).toEqual(
      [
        'tag',
        'name',
        'description',
        'type',
        'requiredTrophies',
        'locationName',
        'clanScore',
        'members',
        'clanWarTrophies',
        'donationsPerWeek',
        'asOf',
        'demo',
        'stale',
      ].sort(),
    );
    h.clock.advance(2 * 60_000 + 1);
    const refreshed = await h.t.app.inject({ method: 'GET', url: '/api/clan' });
    expect(refreshed.json().asOf).toBe(h.clock.now().toISOString());
    expect(refreshed.body).not.toBe(first.body);
  });

  it('single-flight: 60 concurrent cold requests make one clan call and one call per member', async () => {
    h = await publicHarness();
    const results = await Promise.all(
      Array.from({ length: 60 }, () => h.t.app.inject({ method: 'GET', url: '/api/clan/members' })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const members = h.sim.state.membersAt(h.clock.now()).length;
    expect(h.sim.requests('clan')).toBe(1);
    expect(h.sim.requests('player')).toBe(members);
  });
});

describe('/api/current-ip', () => {
  it('is null with no invalidIp seen and no echo URL', async () => {
    h = await publicHarness();
    expect((await h.get('/api/current-ip')).body).toEqual({ currentIP: null });
  });

  it('asks the configured IP echo URL', async () => {
    const http = await import('node:http');
    const echo = http.createServer((_req, res) => res.end('198.51.100.4\n'));
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
    const port = (echo.address() as { port: number }).port;
    h = await publicHarness({ env: { CR_IP_ECHO_URL: `http://127.0.0.1:${port}/` } });
    expect((await h.get('/api/current-ip')).body).toEqual({ currentIP: '198.51.100.4' });
    await new Promise((r) => echo.close(r));
  });
});
