import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WAR_RULES } from '#contracts/war-rules';
import { ManualClock } from '#server/lib/clock';
import { ADMIN_ENV, bearer, loginToken } from '../../helpers/auth.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { DEFAULT_SIM_CLAN_TAG as CLAN } from '#server/simulator/simulator';

const NOW = '2026-11-23T16:00:00.000Z';

describe('war insights routes', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp({ env: ADMIN_ENV, clock: new ManualClock(NOW) });
    auth = bearer(await loginToken(t.app));
    const k = t.db.kysely;
    const member = (tag: string, name: string, role: string, firstSeen: string) => ({
      clan_tag: CLAN,
      tag,
      name,
      role,
      first_seen_at: firstSeen,
      family_first_seen_at: firstSeen,
      last_seen_at: NOW,
      left_at: null,
      exp_level: null,
      trophies: null,
      donations: null,
      donations_received: null,
      last_seen_in_game: null,
      donations_last_week: null,
    });
    await k
      .insertInto('clan_members')
      .values([
        member('#AAA', '=HYPERLINK("http://x"),"go"', 'member', '2026-10-01T00:00:00.000Z'),
        member('#BBB', 'Plain, Sam', 'elder', '2026-10-01T00:00:00.000Z'),
        member('#CCC', '@newbie', 'member', '2026-11-20T00:00:00.000Z'),
      ])
      .execute();
    const row = (tag: string, name: string, fame: number) => ({
      clan_tag: CLAN,
      season_id: 138,
      section_index: 2,
      player_tag: tag,
      player_name: name,
      fame,
      decks_used: 16,
      boat_attacks: 0,
      repair_points: 0,
      was_member_at_end: 1,
      created_date: '2026-11-23T09:40:00.000Z',
      clan_rank: 2,
      trophy_change: -20,
      clan_fame: 41000,
      stored_at: NOW,
    });
    await k
      .insertInto('river_race_data')
      .values([
        row('#AAA', '=HYPERLINK("http://x"),"go"', 1500),
        row('#BBB', 'Plain, Sam', 2600),
        row('#CCC', '@newbie', 900),
      ])
      .execute();
  });
  afterAll(() => t?.close());

  it.each([
    ['GET', '/api/admin/war-rules'],
    ['PUT', '/api/admin/war-rules'],
    ['GET', '/api/admin/war-report'],
    ['GET', '/api/admin/war-report/members'],
    ['GET', '/api/admin/war-report/members/%23AAA'],
    ['GET', '/api/admin/war-report/csv'],
    ['GET', '/api/admin/database/clan_members/csv'],
  ] as const)('%s %s needs the admin session', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'PUT' ? DEFAULT_WAR_RULES : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBeTypeOf('string');
  });

  it.each([
    [{ ...DEFAULT_WAR_RULES, attacksPerDay: 5 }, 'attacks per day must be 1 to 4'],
    [{ ...DEFAULT_WAR_RULES, minimumFamePerWar: 4000 }, 'a player earns at most 3,600 fame a war'],
    [
      { ...DEFAULT_WAR_RULES, promotion: { ...DEFAULT_WAR_RULES.promotion, fromRoles: [] } },
      'choose at least one role to promote from',
    ],
    [{ ...DEFAULT_WAR_RULES, activity: { maxDaysAway: 0, minWeeklyDonations: null } }, 'days away must be 1 to 60'],
  ])('refuses bad rules with the reason (%#)', async (payload, message) => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/war-rules', headers: auth, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect((await t.app.inject({ url: '/api/admin/war-rules', headers: auth })).json()).toEqual(DEFAULT_WAR_RULES);
  });

  it('stores rules the admin changes; the public panel words them', async () => {
    const rules = {
      ...DEFAULT_WAR_RULES,
      minimumFamePerWar: 1800,
      promotion: { ...DEFAULT_WAR_RULES.promotion, topN: 5 },
    };
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/war-rules', headers: auth, payload: rules });
    expect(put.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/war-rules', headers: auth })).json()).toEqual(rules);
    const texts = (await t.app.inject({ url: '/api/clan/war/rules' })).json().rules as {
      title: string;
      text: string;
    }[];
    expect(texts[1]).toEqual({
      title: 'At least 1,800 fame per war',
      text: 'Every member earns at least 1,800 fame each war week.',
    });
    expect(texts[2]!.text).toBe('Finish in the top 5 in two consecutive wars to be promoted.');
    await t.app.inject({ method: 'PUT', url: '/api/admin/war-rules', headers: auth, payload: DEFAULT_WAR_RULES });
  });

  it('exports the report as CSV: quoted cells, doubled quotes, formulas neutralised', async () => {
    const res = await t.app.inject({ url: '/api/admin/war-report/csv', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="war-report-2026-11-23.csv"');
    const war = '"Season 138 · Week 3 · Nov 16–23, 2026"'; // its comma makes it a quoted cell
    expect(res.body.split('\r\n')).toEqual([
      'war,list,tag,name,role,evidence',
      `${war},Below the fame minimum,#AAA,"'=HYPERLINK(""http://x""),""go""",member,"1500 of 2000 fame"`.replace(
        '"1500 of 2000 fame"',
        '1500 of 2000 fame',
      ),
      `${war},Joined during the war (not judged),#CCC,'@newbie,member,first seen 2026-11-20T00:00:00.000Z`,
      '',
    ]);
  });

  it('exports a viewer table as CSV with the same escaping', async () => {
    const res = await t.app.inject({ url: '/api/admin/database/clan_members/csv?limit=1000', headers: auth });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'tag,name,role,first_seen_at,last_seen_at,left_at,exp_level,trophies,donations,donations_received,last_seen_in_game',
    );
    expect(lines).toContain(`#AAA,"'=HYPERLINK(""http://x""),""go""",member,2026-10-01T00:00:00.000Z,${NOW},,,,,,`);
    expect(lines).toContain(`#BBB,"Plain, Sam",elder,2026-10-01T00:00:00.000Z,${NOW},,,,,,`);
    expect(lines).toContain(`#CCC,'@newbie,member,2026-11-20T00:00:00.000Z,${NOW},,,,,,`);
    const unknown = await t.app.inject({ url: '/api/admin/database/admin_users/csv?limit=1000', headers: auth });
    expect(unknown.statusCode).toBe(404); // admin_users is not a viewable table: no CSV either
  });

  it('answers 404 for a player with no stored data and for a malformed tag', async () => {
    expect((await t.app.inject({ url: '/api/admin/war-report/members/%23ZZZ999', headers: auth })).statusCode).toBe(
      404,
    );
    const bad = await t.app.inject({ url: '/api/admin/war-report/members/nope', headers: auth });
    expect(bad.statusCode).toBe(404); // a malformed path parameter names no resource (plugins/error-handler.ts)
    expect(bad.json().error).toBe('a player tag looks like #ABC123');
  });
});

describe('war insights before any war is stored', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: ADMIN_ENV, clock: new ManualClock(NOW) });
  });
  afterAll(() => t?.close());

  it('answers empty lists, an empty table and an empty Last war card, never an error', async () => {
    const auth = bearer(await loginToken(t.app));
    const report = await t.app.inject({ url: '/api/admin/war-report', headers: auth });
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({ war: null, promotionCandidates: [], belowFame: [], missedAttacks: [] });
    const table = await t.app.inject({ url: '/api/admin/war-report/members', headers: auth });
    expect(table.json()).toEqual({ weeks: [], war: null, members: [] });
    const card = await t.app.inject({ url: '/api/clan/war/last-war' });
    expect(card.statusCode).toBe(200);
    expect(card.json()).toMatchObject({ weeks: [], newest: null });
    const csv = await t.app.inject({ url: '/api/admin/war-report/csv', headers: auth });
    expect(csv.body).toBe('war,list,tag,name,role,evidence\r\n');
  });
});
