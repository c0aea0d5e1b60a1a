import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/lib/clock.js';
import { DEMO_HISTORY_DAYS, fillDemoHistory } from '../../src/scripts/demo-history.js';
import type { TestApp } from '../helpers/test-app.js';
import { engines } from '../helpers/test-db.js';
import { scriptTestApp } from '../helpers/scripts.js';
import { DEFAULT_SIM_CLAN_TAG as CLAN } from '#server/simulator/simulator';

const NOW = '2026-11-23T15:30:00.000Z'; // a Monday afternoon in New York
const DAY = 86_400_000;

describe.each(engines)(
  'the demo’s first start fills a believable past (%s)',
  (engine) => {
    let t: TestApp;
    afterEach(async () => t?.close());

    const count = async (table: 'river_race_data' | 'monthly_spotlight' | 'discord_outbox' | 'war_day_reports') =>
      (await t.db.kysely.selectFrom(table).selectAll().execute()).length;

    it('runs the real scripts over the last weeks on the simulator’s clock, once', async () => {
      t = await scriptTestApp(engine, new ManualClock(NOW));
      const filled = await fillDemoHistory(t.app.ctx);
      expect(filled.filled).toBe(true);
      console.log(`demo history filled in ${filled.ms} ms`);

      // The history was written by scheduled runs at the simulated times, not by inserted rows.
      const runs = await t.db.kysely.selectFrom('script_runs').selectAll().orderBy('started_at').execute();
      const from = new Date(new Date(NOW).getTime() - DEMO_HISTORY_DAYS * DAY).toISOString();
      expect(runs.length).toBeGreaterThan(20);
      for (const r of runs.filter((x) => x.trigger !== 'catch-up')) {
        expect(r.started_at >= from && r.started_at <= NOW).toBe(true);
        expect(r.trigger).toBe('schedule');
        expect(r.occurrence_key).toBe(r.started_at.slice(0, 16) + ':00.000Z');
      }
      // the failed Monday log run is retried an hour later, as a real one would be
      const retries = runs.filter((x) => x.trigger === 'catch-up');
      expect(retries.map((r) => [r.script_id, r.status])).toEqual([['river-race-log', 'completed']]);
      expect(retries[0]!.occurrence_key).toMatch(/^\d{4}-\d\d-\d\dT15:00:00\.000Z retry 1$/);
      expect(new Set(runs.map((r) => r.script_id))).toEqual(
        // war reminders run on the last days, which have war snapshots to predict the reset from
        new Set(['inactive-players', 'river-race-log', 'monthly-fame', 'war-reminders']),
      );
      const failed = runs.filter((r) => r.status === 'failed');
      expect(failed.map((r) => r.script_id)).toEqual(['river-race-log']);
      expect(failed[0]!.message).toMatch(/maintenance/i);
      const outbox = await t.db.kysely.selectFrom('discord_outbox').selectAll().execute();
      expect(outbox.length).toBeGreaterThan(15);
      expect(outbox.every((m) => m.created_at >= from && m.created_at <= NOW)).toBe(true);

      // Every table the public page and the admin read is filled.
      const weeks = await t.db.kysely
        .selectFrom('river_race_data')
        .select(['season_id', 'section_index'])
        .distinct()
        .execute();
      expect(weeks.length).toBeGreaterThanOrEqual(10);
      const months = await t.db.kysely.selectFrom('monthly_spotlight').select(['year', 'month']).distinct().execute();
      expect(months.length).toBeGreaterThanOrEqual(3);
      const reports = await t.db.kysely
        .selectFrom('war_day_reports')
        .selectAll()
        .orderBy('reported_at', 'desc')
        .execute();
      expect(reports.length).toBeGreaterThan(8);
      expect(reports[0]!.complete).toBe(1); // the newest battle day is exact: its snapshots exist

      const get = async (url: string) => (await t.app.inject({ url })).json();
      expect((await get('/api/clan/highest-war-week')).totalFame).toBeGreaterThan(0);
      expect((await get('/api/clan/highest-war-day')).pointsEarned).toBeGreaterThan(0);
      expect((await get('/api/clan/war/best-fame')).fame).toBeGreaterThan(0);
      const champions = (await get('/api/clan/monthly-champions')) as {
        year: number;
        month: number;
        fameEarned: number;
        isCurrentChampion: boolean;
      }[];
      expect(new Set(champions.map((c) => `${c.year}-${c.month}`)).size).toBeGreaterThanOrEqual(3);
      expect(champions.filter((c) => c.isCurrentChampion)).toHaveLength(1);
      // the simulated twins tie for first in one of the months shown
      const perMonth = new Map<string, number>();
      for (const c of champions) perMonth.set(`${c.year}-${c.month}`, (perMonth.get(`${c.year}-${c.month}`) ?? 0) + 1);
      expect([...perMonth.values()].some((n) => n >= 2)).toBe(true);

      // Members in Discord: proven, confirmed and claimed links, an excused member and a request waiting.
      const links = await t.db.kysely.selectFrom('discord_links').select(['status']).execute();
      expect(links.map((l) => l.status).sort()).toEqual(['claimed', 'confirmed', 'verified', 'verified']);
      const absences = await t.db.kysely.selectFrom('excused_absences').selectAll().orderBy('starts_on').execute();
      expect(absences.map((a) => [a.starts_on, a.ends_on, a.status])).toEqual([
        ['2026-11-12', '2026-11-15', 'approved'],
        ['2026-11-26', '2026-11-28', 'pending'],
      ]);
      const excused = await t.db.kysely
        .selectFrom('war_day_decks')
        .select(['status'])
        .where('player_tag', '=', absences[0]!.player_tag)
        .where('season_id', '=', 138)
        .where('section_index', '=', 1)
        .execute();
      // the excused member never plays: the reports store the four days as the counts say, and every view shows
      // them excused, the absence read when the day is shown (docs/war-tracking.md §5)
      expect(excused.map((d) => d.status)).toEqual(['inactive', 'inactive', 'inactive', 'inactive']);
      const page = (await get(`/api/clan/members/${absences[0]!.player_tag.slice(1)}/history`)) as {
        weeks: { seasonId: number; sectionIndex: number; days: { note: string }[] }[];
      };
      const week = page.weeks.find((w) => w.seasonId === 138 && w.sectionIndex === 1)!;
      expect(week.days.map((d) => d.note)).toEqual(['excused', 'excused', 'excused', 'excused']);

      // Member pages have a history: weeks with battle days, and a trophies trend from the replayed polls.
      // the five longest-standing members (a recent joiner has fewer weeks, rightly)
      const roster = await t.db.kysely
        .selectFrom('clan_members')
        .select('tag')
        .where('left_at', 'is', null)
        .orderBy('first_seen_at')
        .orderBy('tag')
        .execute();
      const pages = await Promise.all(
        roster.slice(0, 5).map((m) => get(`/api/clan/members/${m.tag.slice(1)}/history`)),
      );
      for (const page of pages as { weeks: { days: { note: string }[] }[]; trends: { trophies: unknown[] } }[]) {
        expect(page.weeks.length).toBeGreaterThanOrEqual(3);
        expect(page.weeks.flatMap((w) => w.days).filter((d) => d.note === 'counted').length).toBeGreaterThan(4);
        expect(page.trends.trophies.length).toBeGreaterThanOrEqual(DEMO_HISTORY_DAYS - 2);
      }

      // Once: a second start changes nothing.
      const before = await Promise.all([count('river_race_data'), count('discord_outbox'), count('war_day_reports')]);
      expect((await fillDemoHistory(t.app.ctx)).filled).toBe(false);
      expect(await Promise.all([count('river_race_data'), count('discord_outbox'), count('war_day_reports')])).toEqual(
        before,
      );
    });

    it('starts over with DEMO_RESET=1', async () => {
      t = await scriptTestApp(engine, new ManualClock(NOW));
      await fillDemoHistory(t.app.ctx);
      await t.db.kysely
        .insertInto('discord_outbox')
        .values({
          clan_tag: CLAN,
          script_run_id: null,
          script_id: null,
          created_at: NOW,
          payload: '{}',
          status: 'kept',
        })
        .execute();
      const ctx = {
        ...t.app.ctx,
        config: { ...t.config, ...loadConfig({ DEMO_RESET: '1' }), CLAN_TAG: t.config.CLAN_TAG },
      };
      expect((await fillDemoHistory(ctx)).filled).toBe(true);
      const kept = await t.db.kysely.selectFrom('discord_outbox').selectAll().where('status', '=', 'kept').execute();
      expect(kept).toEqual([]);
      // the demo's Discord members are cleared and seeded again, not doubled
      expect(await t.db.kysely.selectFrom('excused_absences').selectAll().execute()).toHaveLength(2);
      expect(await t.db.kysely.selectFrom('discord_links').selectAll().execute()).toHaveLength(4);
      // two whole demo fills: on a busy machine this takes more than the default 30 s
    }, 90_000);
  },
  120_000,
);
