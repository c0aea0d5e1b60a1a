import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WAR_RULES } from '#contracts/war-rules';
import type { WarReportResponse, MemberTableResponse } from '#contracts/war-insights';
import { ManualClock } from '#server/lib/clock';
import { fillDemoHistory } from '#server/scripts/demo-history';
import { bearer, loginToken } from '../../helpers/auth.js';
import { scriptTestApp } from '../../helpers/scripts.js';
import type { TestApp } from '../../helpers/test-app.js';
import { engines } from '../../helpers/test-db.js';

const NOW = '2026-11-23T15:30:00.000Z'; // a Monday afternoon in New York, as the demo history test uses
const WEEK = 7 * 86_400_000;

/**
 * The War report on the demo's replayed history, checked against a computation written here
 * straight from the stored rows (docs/war-insights.md states the rules it follows).
 */
describe.each(engines)('War report on the demo history (%s)', (engine) => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await scriptTestApp(engine, new ManualClock(NOW));
    auth = bearer(await loginToken(t.app));
    // the weekly summary is switched on before the history is replayed, so the river race log posts it
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/war-rules',
      headers: auth,
      payload: { ...DEFAULT_WAR_RULES, weeklySummary: true },
    });
    expect(put.statusCode).toBe(200);
    await fillDemoHistory(t.app.ctx);
  }, 120_000);
  afterAll(() => t?.close());

  /** Everything the rules need, read with plain queries. */
  async function stored() {
    const k = t.db.kysely;
    const rows = await k.selectFrom('river_race_data').selectAll().execute();
    const newestDate = rows
      .map((r) => r.created_date)
      .sort()
      .at(-1)!;
    const weekKeys = [...new Set(rows.map((r) => `${r.created_date}|${r.season_id}|${r.section_index}`))]
      .sort()
      .reverse();
    const [, season, section] = weekKeys[0]!.split('|').map(Number);
    const members = await k.selectFrom('clan_members').selectAll().where('left_at', 'is', null).execute();
    const reports = await k
      .selectFrom('war_day_reports')
      .selectAll()
      .where('season_id', '=', season!)
      .where('section_index', '=', section!)
      .execute();
    const decks = await k
      .selectFrom('war_day_decks')
      .selectAll()
      .where('season_id', '=', season!)
      .where('section_index', '=', section!)
      .execute();
    const start = new Date(new Date(newestDate).getTime() - WEEK).toISOString();
    const whole = members.filter((m) => new Date(m.first_seen_at).toISOString() <= start);
    return { rows, weekKeys, season: season!, section: section!, members, whole, reports, decks };
  }

  it('lists exactly the members the stored rows put on each list', async () => {
    const s = await stored();
    const res = await t.app.inject({ url: '/api/admin/war-report', headers: auth });
    expect(res.statusCode).toBe(200);
    const report = res.json() as WarReportResponse;
    expect([report.war!.seasonId, report.war!.sectionIndex]).toEqual([s.season, s.section]);

    const fameIn = (key: string, tag: string) => {
      const [date, season, section] = key.split('|');
      const row = s.rows.find(
        (r) =>
          r.created_date === date &&
          r.season_id === Number(season) &&
          r.section_index === Number(section) &&
          r.player_tag === tag,
      );
      return row;
    };
    // below 2,000 fame in the newest war (absent from the log: 0 fame)
    const below = s.whole.filter((m) => (fameIn(s.weekKeys[0]!, m.tag)?.fame ?? 0) < 2000).map((m) => m.tag);
    expect(report.belowFame.map((f) => f.tag).sort()).toEqual(below.sort());

    // rank = 1 + players of that week who fought with more fame; top 10 in both of the last two weeks
    const rankIn = (key: string, tag: string) => {
      const mine = fameIn(key, tag);
      if (!mine || (mine.fame === 0 && mine.decks_used === 0)) return null;
      const [date, season, section] = key.split('|');
      const better = s.rows.filter(
        (r) =>
          r.created_date === date &&
          r.season_id === Number(season) &&
          r.section_index === Number(section) &&
          r.fame > mine.fame,
      ).length;
      return better + 1;
    };
    const promo = s.whole
      .filter((m) => m.role.toLowerCase() === 'member')
      .filter((m) => s.weekKeys.slice(0, 2).every((k) => (rankIn(k, m.tag) ?? 99) <= 10))
      .map((m) => m.tag);
    expect(report.promotionCandidates.map((f) => f.tag).sort()).toEqual(promo.sort());

    // certain misses: 4 minus the top of the range, on days the race was still on and the member was counted
    const missed = new Map<string, number>();
    for (const d of s.decks) {
      const day = s.reports.find((r) => r.day === d.day)!;
      if (day.status === 'race-finished' || d.status === 'joined-during-day' || d.status === 'uncertain') continue;
      missed.set(d.player_tag, (missed.get(d.player_tag) ?? 0) + Math.max(0, 4 - d.decks_used_max));
    }
    const removal = s.whole.filter((m) => (missed.get(m.tag) ?? 0) >= 5).map((m) => m.tag);
    expect(report.missedAttacks.map((f) => f.tag).sort()).toEqual(removal.sort());
    for (const f of report.missedAttacks) expect(f.evidence.missed).toBe(missed.get(f.tag));

    // the lists are not all empty: the demo clan has members below the minimum and top players
    expect(report.belowFame.length + report.promotionCandidates.length).toBeGreaterThan(0);
    expect(report.notWholeWar.map((f) => f.tag).sort()).toEqual(
      s.members
        .filter((m) => !s.whole.includes(m))
        .map((m) => m.tag)
        .sort(),
    );
  });

  it('shows every current member with ten weeks of fame and the newest war’s battle days', async () => {
    const s = await stored();
    const table = (
      await t.app.inject({ url: '/api/admin/war-report/members', headers: auth })
    ).json() as MemberTableResponse;
    expect(table.members.map((m) => m.tag).sort()).toEqual(s.members.map((m) => m.tag).sort());
    expect(table.weeks).toHaveLength(Math.min(10, s.weekKeys.length));
    const someone = table.members.find((m) => m.lastFame > 0)!;
    const oldestShown = s.weekKeys[table.weeks.length - 1]!.split('|')[0];
    const expectedTotal = s.rows
      .filter((r) => r.player_tag === someone.tag && r.created_date >= oldestShown!)
      .reduce((n, r) => n + r.fame, 0);
    expect(someone.totalFame).toBe(expectedTotal);
    expect(someone.days).toHaveLength(4);
    for (const d of someone.days) {
      const row = s.decks.find((x) => x.player_tag === someone.tag && x.day === d.day);
      if (row) expect([d.decksUsed, d.decksUsedMax]).toEqual([row.decks_used, row.decks_used_max]);
    }

    const history = await t.app.inject({
      url: `/api/admin/war-report/members/${encodeURIComponent(someone.tag)}`,
      headers: auth,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().weeks).toHaveLength(s.rows.filter((r) => r.player_tag === someone.tag).length);
  });

  it('posted the weekly summary with the river race log, names as plain text', async () => {
    const outbox = await t.db.kysely
      .selectFrom('discord_outbox')
      .selectAll()
      .where('script_id', '=', 'river-race-log')
      .orderBy('id')
      .execute();
    const summaries = outbox
      .map((m) => JSON.parse(m.payload) as { content?: string })
      .filter((p) => p.content?.includes('War summary'));
    expect(summaries.length).toBeGreaterThan(0);
    // the newest summary names the same people as the report of that week
    const newest = summaries.at(-1)!.content!;
    const report = (await t.app.inject({ url: '/api/admin/war-report', headers: auth })).json() as WarReportResponse;
    expect(newest).toContain(`War summary · ${report.war!.title}`);
    expect(newest).toContain(`**Promotion candidates** (${report.promotionCandidates.length})`);
    const atRisk = new Set([...report.belowFame, ...report.missedAttacks].map((f) => f.tag));
    expect(newest).toContain(`**At risk** (${atRisk.size})`);
  });

  it('feeds the public Last war card: the fame the members earned per week and the newest top 5', async () => {
    const s = await stored();
    const res = await t.app.inject({ url: '/api/clan/war/last-war' });
    expect(res.statusCode).toBe(200);
    const card = res.json() as { weeks: { totalFame: number }[]; newest: { top: { name: string; fame: number }[] } };
    expect(card.weeks).toHaveLength(s.weekKeys.length);
    const newestRows = s.rows
      .filter((r) => r.season_id === s.season && r.section_index === s.section)
      .sort((a, b) => b.fame - a.fame);
    expect(card.weeks.at(-1)!.totalFame).toBe(newestRows.reduce((n, r) => n + r.fame, 0));
    expect(card.newest.top.map((p) => p.fame)).toEqual(newestRows.slice(0, 5).map((r) => r.fame));
  });
});
