import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, bearer, loginToken } from '#test/helpers/auth';
import { buildTestApp, type TestApp } from '#test/helpers/test-app';
import { engines } from '#test/helpers/test-db';
import { OTHER_CLAN, seedOtherClan } from '#test/helpers/other-clan';

/** The Family tab's API (docs/decisions/100-clan-family-data-model.md): add and remove the family's clans. */
describe.each(engines)('/api/admin/family on %s', (engine) => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('adds a feeder clan with its default schedules, refuses what a leader would get wrong, and keeps a removed clan’s rows', async () => {
    t = await buildTestApp({ engine, env: ADMIN_ENV });
    const auth = bearer(await loginToken(t.app));
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t!.app.inject({ method, url, headers: auth, payload });
    const main = t.config.CLAN_TAG;

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/family' })).statusCode).toBe(401);
    const first = await call('GET', '/api/admin/family');
    expect(first.json()).toEqual({
      clans: [{ tag: main, name: null, role: 'main', position: 0, addedAt: expect.any(String), webhook: null }],
      max: 10,
    });

    const bad = await call('POST', '/api/admin/family', { tag: 'not a tag' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'That is not a clan tag such as #2PQ8L0C.', code: 'INVALID_TAG' });
    expect((await call('POST', '/api/admin/family', {})).statusCode).toBe(400);
    const again = await call('POST', '/api/admin/family', { tag: main.slice(1).toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_IN_FAMILY' });

    // a tag typed without its # and in lower case, with the letter O for zero, is the clan #Q0QQQQ
    const added = await call('POST', '/api/admin/family', { tag: 'qoqqqq' });
    expect(added.statusCode).toBe(200);
    expect(added.json().clans.map((c: { tag: string; role: string }) => [c.tag, c.role])).toEqual([
      [main, 'main'],
      ['#Q0QQQQ', 'family'],
    ]);
    const schedules = await t.db.kysely
      .selectFrom('script_schedules')
      .select(['script_id', 'cron'])
      .where('clan_tag', '=', '#Q0QQQQ')
      .orderBy('script_id')
      .execute();
    expect(schedules.map((s) => s.script_id)).toEqual(['inactive-players', 'monthly-fame', 'river-race-log']);

    const mainGone = await call('DELETE', `/api/admin/family/${encodeURIComponent(main)}`);
    expect(mainGone.statusCode).toBe(400);
    expect(mainGone.json()).toMatchObject({ code: 'MAIN_CLAN' });
    expect((await call('DELETE', '/api/admin/family/%23RRRRRR')).statusCode).toBe(404);

    const removed = await call('DELETE', '/api/admin/family/%23Q0QQQQ');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().clans).toHaveLength(1);
    expect(t.app.ctx.clans.resolve('#Q0QQQQ')).toBeNull();
    const kept = await t.db.kysely
      .selectFrom('clans')
      .selectAll()
      .where('tag', '=', '#Q0QQQQ')
      .executeTakeFirstOrThrow();
    expect(kept.removed_at).not.toBeNull();
    expect((await call('POST', '/api/admin/family', { tag: '#Q0QQQQ' })).json().clans).toHaveLength(2);
  });

  it('answers the script calls for the clan `?clan=` names, the main clan’s without it', async () => {
    t = await buildTestApp({ engine, env: ADMIN_ENV });
    const auth = bearer(await loginToken(t.app));
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t!.app.inject({ method, url, headers: auth, payload });
    await call('POST', '/api/admin/family', { tag: '#Q0QQQQ' });

    const set = await call('POST', '/api/admin/river-race/schedule?clan=q0qqqq', { schedule: '5 10 * * 1' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ schedule: '5 10 * * 1' });
    expect((await call('GET', '/api/admin/river-race/schedule?clan=%23Q0QQQQ')).json().schedule).toBe('5 10 * * 1');
    expect((await call('GET', '/api/admin/river-race/schedule')).json().schedule).toBe('0 10 * * 1');
    const rows = await t.db.kysely
      .selectFrom('script_schedules')
      .select(['clan_tag', 'cron'])
      .where('script_id', '=', 'river-race-log')
      .orderBy('clan_tag')
      .execute();
    expect(rows).toEqual(
      [
        { clan_tag: t.config.CLAN_TAG, cron: '0 10 * * 1' },
        { clan_tag: '#Q0QQQQ', cron: '5 10 * * 1' },
      ].sort((a, b) => a.clan_tag.localeCompare(b.clan_tag)),
    );
    expect((await call('GET', '/api/admin/river-race-log/history?clan=Q0QQQQ')).json()).toEqual({ history: [] });
    expect((await call('GET', '/api/admin/discord-outbox?clan=Q0QQQQ')).json()).toEqual({ messages: [] });

    const bad = await call('GET', '/api/admin/discord-outbox?clan=not-a-tag');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'clan: that is not a clan tag such as #2PQ8L0C.', code: 'INVALID_TAG' });
    const stranger = await call('GET', '/api/admin/river-race/schedule?clan=%23RRRRRR');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: '#RRRRRR is not a clan of this family.', code: 'NOT_FOUND' });
  });

  it('shows on each clan’s system card its own last war snapshot failure', async () => {
    t = await buildTestApp({ engine, env: ADMIN_ENV });
    const auth = bearer(await loginToken(t.app));
    const system = async (query = '') =>
      (await t!.app.inject({ method: 'GET', url: `/api/admin/system${query}`, headers: auth })).json().warSnapshots;
    // the test simulator serves the main clan only: the Clash Royale API answers 404 for this feeder's polls
    await t.app.inject({ method: 'POST', url: '/api/admin/family', headers: auth, payload: { tag: '#Q0QQQQ' } });
    await t.app.services.scripts.start({ timers: false });
    await t.app.services.scripts.tick();

    const main = await system();
    expect(main).toEqual({ lastAt: expect.any(String), lastError: null });
    expect(await system(`?clan=${encodeURIComponent(t.config.CLAN_TAG)}`)).toEqual(main);
    const feeder = await system('?clan=%23Q0QQQQ');
    expect(feeder.lastAt).toBeNull();
    expect(feeder.lastError).toBe(
      'The Clash Royale API does not know the clan #Q0QQQQ. Check its tag in the Family tab.',
    );
  });

  it('shows in the database viewer and its CSV the rows of the clan `?clan=` names, the main clan’s without it', async () => {
    t = await buildTestApp({ engine, env: ADMIN_ENV });
    const auth = bearer(await loginToken(t.app));
    const get = (url: string) => t!.app.inject({ method: 'GET', url, headers: auth });
    await t.app.services.scripts.start({ timers: false }); // the first poll fills the main clan's roster and snapshot
    await seedOtherClan(t.db.kysely); // a copy of every row for OTHER_CLAN, each name starting "Other "
    await t.app.inject({ method: 'POST', url: '/api/admin/family', headers: auth, payload: { tag: OTHER_CLAN } });
    const names = async (query: string) =>
      ((await get(`/api/admin/database/clan_members?limit=1000${query}`)).json().records as { name: string }[]).map(
        (r) => r.name,
      );

    const main = await names('');
    expect(main.length).toBeGreaterThan(0);
    expect(main.filter((n) => n.startsWith('Other '))).toEqual([]);
    expect(await names(`&clan=${encodeURIComponent(t.config.CLAN_TAG)}`)).toEqual(main);
    const other = await names(`&clan=${encodeURIComponent(OTHER_CLAN)}`);
    expect(other).toHaveLength(main.length);
    expect(other.every((n) => n.startsWith('Other '))).toBe(true);

    // without `limit`, the viewer's default of 1000 rows
    const snapshots = (await get(`/api/admin/database/war_state_cache?clan=${encodeURIComponent(OTHER_CLAN)}`)).json();
    expect(snapshots.limit).toBe(1000);
    expect(snapshots.records.length).toBeGreaterThan(0);
    const csv = (await get(`/api/admin/database/clan_members/csv?clan=${encodeURIComponent(OTHER_CLAN)}`)).body;
    expect(csv.split('\n').filter((line) => line.includes('Other '))).toHaveLength(other.length);
    expect((await get('/api/admin/database/clan_members/csv')).body).not.toContain('Other ');
    expect((await get('/api/admin/database/clan_members?clan=%23RRRRRR')).statusCode).toBe(404);
  });

  it('refuses an eleventh clan', async () => {
    t = await buildTestApp({ engine, env: ADMIN_ENV });
    const auth = bearer(await loginToken(t.app));
    const tags = ['#2P', '#2Q', '#2R', '#2Y', '#2L', '#2G', '#2C', '#2U', '#2V'].map((t) => `${t}0000`);
    for (const tag of tags) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/family', headers: auth, payload: { tag } });
      expect(res.statusCode, tag).toBe(200);
    }
    const full = await t.app.inject({
      method: 'POST',
      url: '/api/admin/family',
      headers: auth,
      payload: { tag: '#2J0000' },
    });
    expect(full.statusCode).toBe(400);
    expect(full.json()).toEqual({ error: 'A family has at most 10 clans.', code: 'FAMILY_FULL' });
  });
});
