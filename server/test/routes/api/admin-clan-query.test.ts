import type { Response as LightMyRequestResponse } from 'light-my-request';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WAR_RULES } from '#contracts/war-rules';
import { ManualClock } from '#server/lib/clock';
import { bearer, loginToken } from '#test/helpers/auth';
import { memberRow, weekRow } from '#test/helpers/member-rows';
import { scriptTestApp } from '#test/helpers/scripts';
import type { TestApp } from '#test/helpers/test-app';
import { engines } from '#test/helpers/test-db';

/**
 * `?clan=` on the admin's per-clan calls (docs/decisions/104-per-clan-webhooks.md): war report, member table, war
 * rules, reminders, templates and members answer for the clan named, the main clan when absent, and never with
 * another clan's rows.
 */
const FEEDER = '#QQQQQQ';
const WEEK = { seasonId: 120, sectionIndex: 1, createdDate: '2026-11-16T10:00:00.000Z' };

describe.each(engines)('admin calls for one clan of a family on %s', (engine) => {
  let t: TestApp;
  let call: (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => Promise<LightMyRequestResponse>;
  let main: string;
  beforeEach(async () => {
    t = await scriptTestApp(engine, new ManualClock('2026-11-20T12:00:00.000Z'));
    const auth = bearer(await loginToken(t.app));
    call = (method, url, payload) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    expect((await call('POST', '/api/admin/family', { tag: FEEDER })).statusCode).toBe(200);
    main = t.app.ctx.clans.main.tag;
    const k = t.db.kysely;
    // two members in the main clan, one in the feeder, each with a week of the river race log
    const rows = [
      { clan: main, tag: '#AAA', name: 'Main One' },
      { clan: main, tag: '#BBB', name: 'Main Two' },
      { clan: FEEDER, tag: '#CCC', name: 'Feeder One' },
    ];
    await k
      .insertInto('clan_members')
      .values(
        rows.map((r) => ({ ...memberRow(r.tag, r.name, 'member', '2026-10-01T00:00:00.000Z'), clan_tag: r.clan })),
      )
      .execute();
    await k
      .insertInto('river_race_data')
      .values(rows.map((r) => ({ ...weekRow(WEEK, r.tag, r.name, 1600, 16), clan_tag: r.clan })))
      .execute();
  });
  afterEach(() => t.close());

  const names = (members: { name: string }[]) => members.map((m) => m.name).sort();

  it('lists each clan’s own members in the member table and the members list', async () => {
    const feeder = (await call('GET', '/api/admin/war-report/members?clan=QQQQQQ')).json();
    expect(names(feeder.members)).toEqual(['Feeder One']);
    expect(names((await call('GET', '/api/admin/war-report/members')).json().members)).toEqual([
      'Main One',
      'Main Two',
    ]);
    expect(names((await call('GET', '/api/admin/members?clan=%23QQQQQQ')).json().members)).toEqual(['Feeder One']);
    expect(names((await call('GET', '/api/admin/members')).json().members)).toEqual(['Main One', 'Main Two']);
    // one member's history is read in the clan named: the main clan's member is not in the feeder's
    expect((await call('GET', '/api/admin/war-report/members/%23AAA?clan=QQQQQQ')).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/war-report/members/%23CCC?clan=QQQQQQ')).json().name).toBe('Feeder One');
    expect((await call('GET', '/api/admin/war-report?clan=QQQQQQ')).json().war).toMatchObject({ seasonId: 120 });
    const csv = await call('GET', '/api/admin/war-report/csv?clan=QQQQQQ');
    expect(csv.statusCode).toBe(200);
  });

  it('keeps war rules, reminder times and templates per clan', async () => {
    const rules = { ...DEFAULT_WAR_RULES, minimumFamePerWar: 2222 };
    expect((await call('PUT', '/api/admin/war-rules?clan=QQQQQQ', rules)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/war-rules?clan=QQQQQQ')).json().minimumFamePerWar).toBe(2222);
    expect((await call('GET', '/api/admin/war-rules')).json().minimumFamePerWar).toBe(
      DEFAULT_WAR_RULES.minimumFamePerWar,
    );

    const before = (await call('GET', '/api/admin/reminders')).json().offsetsMinutes;
    expect((await call('PUT', '/api/admin/reminders?clan=QQQQQQ', { offsetsMinutes: [90] })).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/reminders?clan=QQQQQQ')).json().offsetsMinutes).toEqual([90]);
    expect((await call('GET', '/api/admin/reminders')).json().offsetsMinutes).toEqual(before);

    const text = 'Feeder report · {title}\n{report}';
    const saved = await call('PUT', '/api/admin/templates/inactive-report?clan=QQQQQQ', { template: text });
    expect(saved.statusCode).toBe(200);
    const template = (answer: { templates: { id: string; template: string }[] }) =>
      answer.templates.find((x) => x.id === 'inactive-report')!.template;
    expect(template((await call('GET', '/api/admin/templates?clan=QQQQQQ')).json())).toBe(text);
    expect(template((await call('GET', '/api/admin/templates')).json())).not.toBe(text);
  });

  it('answers 400 for a bad tag and 404 for a clan outside the family', async () => {
    for (const url of [
      '/api/admin/war-report',
      '/api/admin/war-rules',
      '/api/admin/reminders',
      '/api/admin/templates',
    ]) {
      const bad = await call('GET', `${url}?clan=not a tag!`);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json()).toEqual({ error: 'clan: that is not a clan tag such as #2PQ8L0C.', code: 'INVALID_TAG' });
      const stranger = await call('GET', `${url}?clan=RRRRRR`);
      expect(stranger.statusCode, url).toBe(404);
    }
  });
});
