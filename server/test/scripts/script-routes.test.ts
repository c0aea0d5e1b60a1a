import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { engines } from '../helpers/test-db.js';
import type { TestApp } from '../helpers/test-app.js';
import { bearer, loginToken } from '../helpers/auth.js';
import { historyOf, scriptTestApp, testScript } from '../helpers/scripts.js';
import { DEFAULT_SIM_CLAN_TAG as CLAN } from '#server/simulator/simulator';

describe.each(engines)('script admin API on %s', (engine) => {
  let t: TestApp;
  let auth: Record<string, string>;
  const held = testScript({ id: 'held-script', hold: true });
  const failing = testScript({
    id: 'failing-script',
    outcome: () => ({
      result: {},
      message: 'never shown',
      write: async (trx) => {
        await trx
          .insertInto('monthly_spotlight')
          .values({
            clan_tag: CLAN,
            year: 2026,
            month: 11,
            player_tag: '#PARTIAL',
            player_name: 'Half written',
            fame_earned: 1,
            weeks_counted: 1,
            updated_at: '2026-11-22T12:00:00.000Z',
          })
          .execute();
        throw new Error('disk full at SELECT * FROM secret_table');
      },
    }),
  });

  beforeAll(async () => {
    const clock = new ManualClock('2026-11-22T12:00:00.000Z');
    const { scriptRegistry } = await import('../../src/scripts/registry.js');
    t = await scriptTestApp(engine, clock, { definitions: [...Object.values(scriptRegistry), held.def, failing.def] });
    auth = bearer(await loginToken(t.app));
  });
  afterAll(async () => t.close());

  const inject = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('refuses every script route without a token', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/river-race/run'],
      ['GET', '/api/admin/inactive-players/schedule'],
      ['GET', '/api/admin/monthly-fame/history'],
      ['GET', '/api/admin/database/clan_members'],
      ['GET', '/api/admin/system'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  it('runs each script manually with the answers of docs/product.md §7 and records it, newest first', async () => {
    const inactive = await inject('POST', '/api/admin/inactive-players/run');
    expect(inactive.statusCode).toBe(200);
    // Sunday 2026-11-22 12:00Z (the test clock) follows battle day 3 of the demo clan's week.
    expect(inactive.json()).toMatchObject({
      success: true,
      result: { inactivePlayers: expect.any(Array), currentDay: 3 },
    });
    for (const p of inactive.json().result.inactivePlayers) {
      expect(p).toMatchObject({
        tag: expect.stringMatching(/^#/),
        name: expect.any(String),
        decksUsed: expect.any(Number),
      });
      // a fresh install has no snapshot of the earlier days: some counts are proven ranges below 4
      if (p.decksUsedMax !== undefined) expect(p.decksUsedMax).toBeLessThan(4);
    }
    const river = (await inject('POST', '/api/admin/river-race/run')).json();
    expect(river.result.memberCount).toBeGreaterThan(0);
    expect((await inject('POST', '/api/admin/monthly-fame/run')).json().result.playerCount).toBeGreaterThan(0);
    await inject('POST', '/api/admin/river-race/run');

    const res = await inject('GET', '/api/admin/river-race-log/history');
    expect(res.statusCode).toBe(200);
    const { history } = res.json() as {
      history: { id: number; status: string; trigger: string; message: string; duration: number; details: object }[];
    };
    expect(history).toHaveLength(2);
    expect(history[0]!.id).toBeGreaterThan(history[1]!.id);
    // The rerun stored nothing new (idempotent) and sent nothing.
    expect(history[0]).toMatchObject({
      status: 'completed',
      trigger: 'manual',
      duration: 0,
      details: {
        discordMessage: null,
        outputs: expect.arrayContaining(['Every finished week in the log is already stored.']),
        errors: [],
        dataProcessed: 0,
      },
    });
    expect(history[1]!.details).toMatchObject({ dataProcessed: expect.any(Number) });
    expect(history[0]!.message).toMatch(/0 new week\(s\) stored/);
  });

  it('refuses a manual run while one is running with 409 and an error', async () => {
    const first = inject('POST', '/api/admin/held-script/run');
    await held.started();
    const second = await inject('POST', '/api/admin/held-script/run');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: 'Test script is already running. Wait for it to finish, then try again.',
      code: 'ALREADY_RUNNING',
    });
    expect((await historyOf(t.app, 'held-script'))[0]).toMatchObject({ status: 'running' });
    held.release();
    expect((await first).statusCode).toBe(200);
    expect(held.calls).toHaveLength(1);
  });

  it('a failing run leaves no partial rows and says why, without internals', async () => {
    const res = await inject('POST', '/api/admin/failing-script/run');
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toBe('The script stopped with an unexpected error (details are in the server log).');
    expect(res.body).not.toContain('secret_table');
    const rows = await t.db.kysely
      .selectFrom('monthly_spotlight')
      .selectAll()
      .where('player_tag', '=', '#PARTIAL')
      .execute();
    expect(rows).toEqual([]);
    expect((await historyOf(t.app, 'failing-script'))[0]).toMatchObject({ status: 'failed' });
  });

  it('shows a schedule with its next three runs in New York and UTC, and refuses an invalid one keeping the old', async () => {
    const get = await inject('GET', '/api/admin/river-race/schedule');
    expect(get.json()).toEqual({
      scriptId: 'river-race-log',
      schedule: '0 10 * * 1',
      defaultSchedule: '0 10 * * 1',
      timezone: 'America/New_York',
      isRunning: false,
      description: 'At 10:00 AM, only on Monday',
      nextRuns: [
        { local: 'Mon, Nov 23, 2026, 10:00 AM EST', utc: '2026-11-23T15:00:00.000Z' },
        { local: 'Mon, Nov 30, 2026, 10:00 AM EST', utc: '2026-11-30T15:00:00.000Z' },
        { local: 'Mon, Dec 7, 2026, 10:00 AM EST', utc: '2026-12-07T15:00:00.000Z' },
      ],
    });

    for (const schedule of ['not a cron', '* * * * *', '0 10 * *', 42]) {
      const bad = await inject('POST', '/api/admin/river-race/schedule', { schedule });
      expect(bad.statusCode, String(schedule)).toBe(400);
      expect(bad.json().error).toEqual(expect.any(String));
    }
    expect((await inject('GET', '/api/admin/river-race/schedule')).json().schedule).toBe('0 10 * * 1');

    const ok = await inject('POST', '/api/admin/river-race/schedule', { schedule: '30 10 * * 2' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      schedule: '30 10 * * 2',
      message: 'River race schedule updated successfully',
      description: 'At 10:30 AM, only on Tuesday',
    });
    expect((await inject('GET', '/api/admin/river-race/schedule')).json().nextRuns[0].utc).toBe(
      '2026-11-24T15:30:00.000Z',
    );
  });

  it('replays a day 1–4 only', async () => {
    for (const day of [0, 5, 2.5, '2', null]) {
      const res = await inject('POST', '/api/admin/inactive-players/replay', { day });
      expect(res.statusCode, String(day)).toBe(400);
      expect(res.json().error).toMatch(/day/);
    }
    const ok = await inject('POST', '/api/admin/inactive-players/replay', { day: 3 });
    expect(ok.statusCode).toBe(200);
    // The earlier manual run stored a snapshot of the week: day 3 is re-sent from it.
    expect(ok.json()).toMatchObject({ success: true, playersNotified: expect.any(Number) });
    expect((await historyOf(t.app, 'inactive-players'))[0]).toMatchObject({ trigger: 'replay', status: 'completed' });
  });

  it('shows the four script tables only, with a bounded limit', async () => {
    await t.db.kysely
      .insertInto('clan_members')
      .values({
        clan_tag: CLAN,
        tag: '#AAA',
        name: '<b>@everyone</b>',
        role: 'member',
        first_seen_at: '2026-11-01T00:00:00.000Z',
        family_first_seen_at: '2026-11-01T00:00:00.000Z',
        last_seen_at: '2026-11-22T00:00:00.000Z',
        left_at: null,
        exp_level: 50,
        trophies: 9000,
        donations: 10,
        donations_received: 3,
        last_seen_in_game: null,
      })
      .execute();
    for (const table of ['clan_members', 'war_state_cache', 'river_race_data', 'monthly_spotlight']) {
      const res = await inject('GET', `/api/admin/database/${table}?limit=1000`);
      expect(res.statusCode, table).toBe(200);
      expect(res.json()).toMatchObject({ table, limit: 1000, records: expect.any(Array) });
    }
    const members = (await inject('GET', '/api/admin/database/clan_members?limit=1')).json();
    expect(members.records).toEqual([expect.objectContaining({ tag: '#AAA', name: '<b>@everyone</b>' })]);

    for (const table of [
      'users',
      'admin_users',
      'sqlite_master',
      'river_race_data%3Bdrop',
      'river_race_data;drop',
      'CLAN_MEMBERS',
      'pg_catalog.pg_user',
    ]) {
      const res = await inject('GET', `/api/admin/database/${table}?limit=10`);
      expect(res.statusCode, table).toBe(404);
      expect(res.body).not.toMatch(/password|hash/i);
    }
    for (const limit of ['0', '1001', 'abc', '1.5', '-1', '1e3', '', '10&limit=20']) {
      const res = await inject('GET', `/api/admin/database/clan_members?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().error).toBe('limit: limit must be a whole number from 1 to 1000');
    }
  });

  it('reports the system: demo mode, outbox for Discord, log for mail', async () => {
    const body = (await inject('GET', '/api/admin/system')).json();
    expect(body).toMatchObject({ mode: 'demo', discord: 'outbox', mail: 'log', database: engine });
    expect(body).toHaveProperty('clashRoyaleApi');
  });

  it('shows when the last war snapshot was taken, and a failing one', async () => {
    await t.app.services.scripts.start({ timers: false }); // the scheduler takes a snapshot at start (or has a fresh one)
    expect((await inject('GET', '/api/admin/system')).json().warSnapshots).toEqual({
      lastAt: t.clock.now().toISOString(),
      lastError: null,
    });
    t.app.ctx.cr.simulator!.setFault('*', { kind: 'maintenance' });
    (t.clock as ManualClock).advance(60 * 60_000);
    await t.app.services.scripts.tick();
    t.app.ctx.cr.simulator!.clearFaults();
    const { warSnapshots } = (await inject('GET', '/api/admin/system')).json();
    expect(warSnapshots.lastError).toMatch(/maintenance/i);
  });
});
