/* eslint-disable @typescript-eslint/no-explicit-any -- raw simulator payloads */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '#server/lib/clock';
import { answer } from '#server/simulator/routes';
import type { SimState } from '#server/simulator/state';
import { routesOf } from '#test/helpers/route-table';
import { scriptTestApp } from '#test/helpers/scripts';
import type { TestApp } from '#test/helpers/test-app';

/**
 * The public family site's API (docs/decisions/103-demo-family-and-public-site.md) over the demo family of three:
 * every answer for a clan is held to the simulator's own state for that clan.
 */
const NOW = '2026-11-27T12:00:00.000Z'; // a Friday: a battle day
const seg = (tag: string) => tag.slice(1);

describe('/api/clans and /api/clans/{tag}/… for a family of three', () => {
  let t: TestApp;
  let state: SimState;
  let tags: string[];
  const get = async (url: string) => {
    const res = await t.app.inject({ url });
    return { status: res.statusCode, body: res.json() as any, raw: res.body };
  };
  /** the simulator's own answer for a clan now */
  const sim = (route: 'clan' | 'members' | 'currentriverrace', tag: string) =>
    answer(state, route, tag, new URLSearchParams(), Date.parse(NOW)).body as any;

  beforeAll(async () => {
    t = await scriptTestApp('sqlite', new ManualClock(NOW), {}, { DEMO_FAMILY: '1' });
    state = t.app.ctx.cr.simulator!.state;
    tags = state.family!.clanTags;
    // one war poll of every clan: their rosters, as the snapshot job keeps them
    await t.app.services.scripts.snapshots!.run(new Date(NOW));
  });
  afterAll(() => t.close());

  it('mirrors every public /api/clan… GET under /api/clans/{tag}/…', () => {
    const gets = routesOf(t.app).filter((r) => r.method === 'GET');
    const clanRoutes = gets.filter((r) => r.url === '/api/clan' || r.url.startsWith('/api/clan/'));
    expect(clanRoutes.length).toBeGreaterThanOrEqual(10);
    const urls = new Set(gets.map((r) => r.url));
    const missing = clanRoutes
      .map((r) => r.url.replace(/^\/api\/clan/, '/api/clans/:clan'))
      .filter((mirror) => !urls.has(mirror));
    expect(missing).toEqual([]);
  });

  it('lists the three clans with the game’s figures for each', async () => {
    const { status, body } = await get('/api/clans');
    expect(status).toBe(200);
    expect(body.clans.map((c: any) => c.tag)).toEqual(tags);
    expect(body.clans.map((c: any) => c.role)).toEqual(['main', 'family', 'family']);
    for (const card of body.clans) {
      const clan = sim('clan', card.tag);
      const race = sim('currentriverrace', card.tag);
      expect(card.name).toBe(state.clanState(card.tag)!.name);
      expect(card.members).toBe(state.family!.membersAt(card.tag, new Date(NOW)).length);
      expect(card.clanWarTrophies).toBe(clan.clanWarTrophies);
      expect(card.badgeId).toBe(clan.badgeId);
      expect(card.race.periodType).toBe('warDay');
      expect(card.race.decksUsed).toBe(race.clan.participants.reduce((n: number, p: any) => n + p.decksUsed, 0));
      expect(card.race.rank).toBeGreaterThanOrEqual(1);
      expect(card.race.rank).toBeLessThanOrEqual(race.clans.length);
    }
  });

  it('answers each clan’s own clan, members and records', async () => {
    for (const tag of tags) {
      const clan = await get(`/api/clans/${seg(tag)}`);
      expect(clan.status).toBe(200);
      expect(clan.body).toMatchObject({ tag, name: state.clanState(tag)!.name, demo: true });
      const members = await get(`/api/clans/${seg(tag)}/members`);
      expect(members.status).toBe(200);
      const listed = members.body.members.map((m: any) => [m.playerTag, m.name]).sort();
      // the simulator's member list of that clan, tags and names
      const truth = sim('members', tag)
        .items.map((m: any) => [m.tag, m.name])
        .sort();
      expect(listed).toEqual(truth);
      expect(new Set(listed.map((m: string[]) => m[0]))).toEqual(new Set(state.family!.membersAt(tag, new Date(NOW))));
      for (const path of ['rankings', 'leader', 'highest-war-week', 'highest-war-day', 'monthly-champions']) {
        expect((await get(`/api/clans/${seg(tag)}/${path}`)).status, path).toBe(200);
      }
      for (const path of ['last-war', 'rules', 'best-fame']) {
        expect((await get(`/api/clans/${seg(tag)}/war/${path}`)).status, path).toBe(200);
      }
    }
    // the feeders' rosters are not the main clan's
    const [main, feeder] = await Promise.all([
      get(`/api/clans/${seg(tags[0]!)}/members`),
      get(`/api/clans/${seg(tags[1]!)}/members`),
    ]);
    const mainTags = new Set(main.body.members.map((m: any) => m.playerTag));
    expect(feeder.body.members.some((m: any) => mainTags.has(m.playerTag))).toBe(false);
  });

  it('answers the main clan under its tag with /api/clan’s own bytes', async () => {
    for (const path of ['', '/members', '/rankings', '/monthly-champions', '/war/rules']) {
      const [a, b] = await Promise.all([get(`/api/clan${path}`), get(`/api/clans/${seg(tags[0]!)}${path}`)]);
      expect(b.raw, path).toBe(a.raw);
    }
  });

  it('serves a member page under a clan the player was in, 404 under one they never were in', async () => {
    const main = tags[0]!;
    const other = tags[2]!;
    const until = new Date(NOW);
    // a main clan member the simulator's ledger never put in the other clan
    const player = state
      .family!.membersAt(main, until)
      .find((p) => !state.family!.stints(p, until).some((s) => s.clanTag === other))!;
    expect(player).toBeDefined();
    const page = await get(`/api/clans/${seg(main)}/members/${seg(player)}/history`);
    expect(page.status).toBe(200);
    expect(page.raw).toBe((await get(`/api/clan/members/${seg(player)}/history`)).raw);
    const never = await get(`/api/clans/${seg(other)}/members/${seg(player)}/history`);
    expect(never.status).toBe(404);
    expect(never.body).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
    expect((await get(`/api/clans/${seg(main)}/members/not-a-tag!/history`)).status).toBe(400);
  });

  it('answers 400 for a malformed clan tag and 404 for a clan outside the family or removed', async () => {
    const bad = await get('/api/clans/hello!/members');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'INVALID_TAG', error: expect.any(String) });
    const outside = await get('/api/clans/2YYYYYYY/highest-war-week');
    expect(outside.status).toBe(404);
    expect(outside.body).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });

    const removed = tags[2]!;
    await t.app.services.family.remove(removed);
    for (const path of ['', '/members', '/war/last-war', '/monthly-champions']) {
      const res = await get(`/api/clans/${seg(removed)}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await get('/api/clans')).body.clans.map((c: any) => c.tag)).toEqual(tags.slice(0, 2));
  });
});
