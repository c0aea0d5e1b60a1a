import { afterEach, describe, expect, it } from 'vitest';
import type { PeriodInfo } from '#server/simulator/index';
import { engines } from '../../helpers/test-db.js';
import { scenario } from '../../helpers/war-scenarios.js';
import { DAY, HOUR, MINUTE, warTimeline, type WarTimeline } from '../../helpers/war-timeline.js';

/**
 * One named scenario per way the clock-driven run went wrong on real reset timing
 * (docs/war-tracking.md). Each finds its situation in the simulator's calendar, drives the real
 * scheduler through it and judges the result against the simulator's ledger.
 */
describe.each(engines)(
  'war tracking on real reset timing (%s)',
  (engine) => {
    let w: WarTimeline;
    afterEach(async () => w?.close());

    const { utcTime, reportsOf, expectedInactive, listed, findBattleDay, noMaintenance } = scenario(() => w);

    it('reports at once when the reset came at 09:5x, just before the 05:55 New York run (EDT)', async () => {
      w = await warTimeline(engine, '2027-04-01T00:00:00.000Z', { seed: 11 });
      // a battle day 1–3 whose reset ends it between 09:51 and 09:55 UTC in summer
      const day = findBattleDay('2027-04-05T00:00:00.000Z', (i) => {
        const end = utcTime(i.end);
        return i.dayOfWeek <= 5 && end >= '09:51:00' && end < '09:55:00' && noMaintenance(i);
      });
      w.at(new Date(day.start.getTime() - 2 * DAY));
      await w.start();
      await w.driveUntil(new Date(day.end.getTime() + 3 * HOUR));

      const [report, ...more] = reportsOf(day);
      expect(more).toEqual([]);
      expect(report!.run.trigger).toBe('schedule');
      expect(report!.run.firedAt.toISOString().slice(11, 16)).toBe('09:55'); // 05:55 EDT
      expect(report!.run.finishedAt.getTime()).toBe(report!.run.firedAt.getTime()); // no waiting
      expect(listed(report!.day.inactivePlayers)).toEqual(expectedInactive(day, report!.run.finishedAt));
    });

    it('reports week 0 of a season day by day, and the colosseum day 4 before it from its own log item', async () => {
      // Season 139 (December 2026) starts Monday 2026-12-07; 2026-11-30…12-07 is season 138's colosseum.
      w = await warTimeline(engine, '2026-12-02T00:00:00.000Z', { seed: 12 });
      await w.start();
      await w.driveUntil('2026-12-15T18:00:00.000Z');
      const days = [
        ...[1, 2, 3, 4].map((d) => w.sim.state.periodInfo(138, 28 + d + 2)),
        ...[1, 2, 3, 4].map((d) => w.sim.state.periodInfo(139, d + 2)),
      ];
      expect(days.slice(0, 4).every((d) => d.periodType === 'colosseum')).toBe(true);
      for (const day of days) {
        const found = reportsOf(day);
        expect(found, `${day.seasonId}/${day.sectionIndex} day ${day.dayOfWeek - 2}`).toHaveLength(1);
        const [{ run, day: reported }] = found as [(typeof found)[0]];
        expect(run.finishedAt.getTime()).toBeGreaterThanOrEqual(day.end.getTime());
        expect(listed(reported.inactivePlayers)).toEqual(expectedInactive(day, run.finishedAt));
      }
    });

    it('waits on Monday for the log to list the week that just closed, never using an older week', async () => {
      w = await warTimeline(engine, '2027-04-01T00:00:00.000Z', { seed: 13 });
      // a Monday in summer whose log rolls after the 09:55 UTC run has started
      const day4 = findBattleDay('2027-04-05T00:00:00.000Z', (i) => {
        if (i.dayOfWeek !== 6 || i.isColosseumWeek || !noMaintenance(i)) return false;
        const finished = w.sim.state.ledger.finishedAt(i.seasonId, i.sectionIndex);
        if (finished && finished <= i.start) return false; // a day after the finish line blames nobody
        const logged = w.sim.state.ledger.loggedAt(i.seasonId, i.sectionIndex);
        return utcTime(i.end) < '09:55:00' && utcTime(logged) > '09:56:00' && utcTime(logged) < '10:30:00';
      });
      w.at(new Date(day4.start.getTime() - DAY));
      await w.start();
      await w.driveUntil(new Date(day4.end.getTime() + 6 * HOUR));

      const [report, ...more] = reportsOf(day4);
      expect(more).toEqual([]);
      expect(report!.run.trigger).toBe('schedule');
      const logged = w.sim.state.ledger.loggedAt(day4.seasonId, day4.sectionIndex);
      expect(report!.run.finishedAt.getTime()).toBeGreaterThanOrEqual(logged.getTime());
      expect(report!.day).toMatchObject({ seasonId: day4.seasonId, sectionIndex: day4.sectionIndex, day: 4 });
      expect(listed(report!.day.inactivePlayers)).toEqual(expectedInactive(day4, report!.run.finishedAt));
    });

    it('excuses a joiner on the day they joined only, and judges their second day', async () => {
      w = await warTimeline(engine, '2026-11-01T00:00:00.000Z', { seed: 14 });
      // a player who joined in the middle of battle day 1, 2 or 3
      let joiner: { tag: string; day: PeriodInfo } | null = null;
      for (let t = new Date('2026-11-05T00:00:00.000Z').getTime(); !joiner; t += HOUR) {
        const day = w.sim.state.period(new Date(t));
        if (day.dayOfWeek < 3 || day.dayOfWeek > 5) continue;
        const before = new Set(w.sim.state.ledger.membersAt(new Date(t)));
        const tag = w.sim.state.ledger.membersAt(new Date(t + HOUR)).find((m) => !before.has(m));
        if (tag && t + HOUR < day.end.getTime() - 2 * HOUR) joiner = { tag, day };
      }
      const { tag, day } = joiner;
      const next = w.sim.state.periodInfo(day.seasonId, day.periodIndex + 1);
      w.at(new Date(day.start.getTime() - DAY));
      await w.start();
      await w.driveUntil(new Date(next.end.getTime() + 3 * HOUR));

      const first = reportsOf(day)[0]!;
      expect(first.day.inactivePlayers.map((p) => p.tag)).not.toContain(tag);
      const second = reportsOf(next)[0]!;
      const truth = w.sim.state.ledger.decksUsed(tag, next.seasonId, next.periodIndex);
      const onSecond = second.day.inactivePlayers.find((p) => p.tag === tag);
      if (truth < 4) expect(onSecond).toMatchObject({ tag, decksUsed: truth });
      else expect(onSecond).toBeUndefined();
      const excused = await w.t.db.kysely
        .selectFrom('war_day_decks')
        .select(['day', 'status'])
        .where('player_tag', '=', tag)
        .where('season_id', '=', day.seasonId)
        .where('section_index', '=', day.sectionIndex)
        .orderBy('day')
        .execute();
      expect(excused.find((r) => r.day === day.dayOfWeek - 2)?.status).toBe('joined-during-day');
      expect(excused.find((r) => r.day === next.dayOfWeek - 2)?.status).toBe(truth < 4 ? 'inactive' : 'ok');
    });

    it('lists a player who certainly missed decks with the range 0–1 when a day has no snapshot at all', async () => {
      w = await warTimeline(engine, '2026-11-16T00:00:00.000Z', { seed: 15 });
      const day2 = w.sim.state.periodInfo(138, 7 * 3 + 4); // season 138 week 4, battle day 2 (Nov 27)
      const day3 = w.sim.state.periodInfo(138, 7 * 3 + 5);
      const day4 = w.sim.state.periodInfo(138, 7 * 3 + 6);
      const member = w.sim.state.ledger
        .membersAt(day2.start)
        .find((tag) => w.sim.state.ledger.membership(tag, day2.start)!.joinedAt < new Date('2026-01-01'))!;
      w.sim.state.silence(member, new Date(day2.start.getTime() + HOUR));
      w.sim.state.silence(member, new Date(day3.start.getTime() + HOUR));
      w.sim.state.attack(member, new Date(day3.start.getTime() + 2 * HOUR), 1);
      // The API is down for the whole of battle day 3: no snapshot tells where day 3 started.
      w.sim.faults.setBetween('*', { kind: 'maintenance' }, day3.start, new Date(day4.start.getTime() + 5 * MINUTE));
      w.at('2026-11-20T00:00:00.000Z');
      await w.start();
      await w.driveUntil(new Date(day4.end.getTime() + 3 * HOUR));

      const [report] = reportsOf(day2);
      expect(report!.day.inactivePlayers.find((p) => p.tag === member)).toEqual(
        expect.objectContaining({ tag: member, decksUsed: 0, decksUsedMax: 1 }),
      );
      const truths = expectedInactive(day2, report!.run.finishedAt);
      for (const p of report!.day.inactivePlayers) {
        const truth = truths.find((t) => t.tag === p.tag)!.decksUsed;
        expect(truth).toBeGreaterThanOrEqual(p.decksUsed);
        expect(truth).toBeLessThanOrEqual(p.decksUsedMax ?? p.decksUsed);
      }
    });

    it('retries a poll that failed with 503, at the first poll and in the middle of the window', async () => {
      w = await warTimeline(engine, '2027-04-01T00:00:00.000Z', { seed: 16 });
      // summer, a reset after the 09:55 UTC run has started: the run must wait for it
      const day = findBattleDay('2027-04-05T00:00:00.000Z', (i) => {
        const end = utcTime(i.end);
        return i.dayOfWeek <= 5 && end >= '10:04:00' && end < '10:15:00' && noMaintenance(i);
      });
      const runAt = new Date(`${day.end.toISOString().slice(0, 10)}T09:55:00.000Z`);
      const fail = { kind: 'status', status: 503, reason: 'inMaintenance' } as const;
      w.sim.faults.setBetween('*', fail, runAt, new Date(runAt.getTime() + 90_000));
      w.sim.faults.setBetween(
        '*',
        fail,
        new Date(runAt.getTime() + 5 * MINUTE),
        new Date(runAt.getTime() + 7 * MINUTE),
      );
      w.at(new Date(day.start.getTime() - DAY));
      await w.start();
      await w.driveUntil(new Date(day.end.getTime() + 3 * HOUR));

      const [report, ...more] = reportsOf(day);
      expect(more).toEqual([]);
      expect(report!.run.trigger).toBe('schedule');
      expect(report!.run.firedAt.getTime()).toBe(runAt.getTime());
      expect(listed(report!.day.inactivePlayers)).toEqual(expectedInactive(day, report!.run.finishedAt));
      const [row] = await w.t.app.services.scripts
        .history(w.t.app.services.scripts.find('inactive-players')!, 100)
        .then((h) => h.filter((r) => r.scheduledFor === runAt.toISOString()));
      expect(row!.status).toBe('completed');
      expect(row!.details.errors).toHaveLength(2);
      expect(row!.details.errors.join('\n')).toMatch(/failed/);
    });

    it('catches a missed daily run up before the next reset, and the next day is still exact', async () => {
      w = await warTimeline(engine, '2026-11-18T00:00:00.000Z', { seed: 17 });
      await w.start();
      const day2 = w.sim.state.period(new Date('2026-11-20T12:00:00.000Z')); // Friday: battle day 2
      await w.driveUntil('2026-11-21T08:00:00.000Z');
      // the server is down over Saturday's 05:55 EST run and comes back at 07:30 EST
      await w.restart('2026-11-21T12:30:00.000Z');
      await w.driveUntil('2026-11-22T14:00:00.000Z');

      const [caught, ...more] = reportsOf(day2);
      expect(more).toEqual([]);
      expect(caught!.run.trigger).toBe('catch-up');
      const day3 = w.sim.state.periodInfo(day2.seasonId, day2.periodIndex + 1);
      expect(caught!.run.finishedAt.getTime()).toBeLessThan(day3.end.getTime()); // before the next reset
      expect(listed(caught!.day.inactivePlayers)).toEqual(expectedInactive(day2, caught!.run.finishedAt));
      const [next] = reportsOf(day3);
      expect(next!.run.trigger).toBe('schedule');
      expect(listed(next!.day.inactivePlayers)).toEqual(expectedInactive(day3, next!.run.finishedAt));
    });

    it('replays day 4 of the week that just closed before the Monday log run, not last month’s same week', async () => {
      w = await warTimeline(engine, '2026-11-18T00:00:00.000Z', { seed: 18 });
      await w.start();
      // river_race_data holds older weeks with every week index (the first run backfills ten weeks)
      await w.runNow('river-race-log');
      await w.driveUntil('2026-11-23T12:00:00.000Z'); // Monday 07:00 EST: after 05:55, before the 10:00 log run
      const day4 = w.sim.state.period(new Date('2026-11-22T12:00:00.000Z'));
      const stored = await w.t.db.kysely
        .selectFrom('river_race_data')
        .select(['season_id'])
        .where('section_index', '=', day4.sectionIndex)
        .distinct()
        .execute();
      expect(stored.map((r) => r.season_id)).not.toContain(day4.seasonId);
      expect(stored.length).toBeGreaterThan(0);

      const replay = await w.t.app.services.scripts.replay(w.t.app.services.scripts.find('inactive-players')!, 4);
      expect(replay.status).toBe('completed');
      expect(replay.message).toContain(`Season ${day4.seasonId} · Week ${day4.sectionIndex + 1} · Battle day 4`);
      expect(replay.details.discordMessage).toMatch(/^\*\*Replay · Inactive players · /);
      const original = reportsOf(day4)[0]!;
      const notified = original.day.inactivePlayers.length;
      expect((replay.result as { playersNotified: number }).playersNotified).toBeGreaterThanOrEqual(notified);
    });

    it('catches up the final Monday’s monthly fame on Tuesday for November, after the river race log', async () => {
      w = await warTimeline(engine, '2026-11-23T00:00:00.000Z', { seed: 19 });
      await w.start();
      await w.driveUntil('2026-11-30T09:00:00.000Z');
      // down over Monday 2026-11-30 (the final Monday of November); back on Tuesday at noon New York
      await w.restart('2026-12-01T17:00:00.000Z');

      const caught = w.runs.filter((r) => r.trigger === 'catch-up' && r.scriptId !== 'inactive-players');
      expect(caught.map((r) => r.scriptId)).toEqual(['river-race-log', 'monthly-fame']);
      const [river, monthly] = caught as [(typeof caught)[0], (typeof caught)[0]];
      expect(monthly.firedAt.getTime()).toBeGreaterThanOrEqual(river.finishedAt.getTime());
      expect(monthly.message).toMatch(/^.*November 2026: .*Final Monday of the month: top 20 posted\./);

      const posted = await w.t.db.kysely
        .selectFrom('discord_outbox')
        .select('payload')
        .where('script_id', '=', 'monthly-fame')
        .executeTakeFirstOrThrow();
      expect(posted.payload).toContain('Top war fame · November 2026');
      // The top player's fame includes the week that closed on Nov 30, stored by the catch-up before it.
      const rows = await w.t.db.kysely.selectFrom('river_race_data').selectAll().execute();
      const november = rows.filter((r) => r.created_date >= '2026-11-01T05:00' && r.created_date < '2026-12-01T05:00');
      expect(november.some((r) => r.created_date.startsWith('2026-11-30'))).toBe(true);
      const fameOf = new Map<string, number>();
      for (const r of november) fameOf.set(r.player_tag, (fameOf.get(r.player_tag) ?? 0) + r.fame);
      const best = Math.max(...fameOf.values());
      expect(JSON.parse(posted.payload).content).toContain(`1. `);
      expect(JSON.parse(posted.payload).content).toContain(`${best.toLocaleString('en-US')} fame`);
    });
  },
  180_000,
);
