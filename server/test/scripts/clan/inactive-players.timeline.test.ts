import { afterEach, describe, expect, it } from 'vitest';
import type { InactivePlayersResult } from '../../../../contracts/admin-scripts.js';
import { engines } from '../../helpers/test-db.js';
import { MINUTE, warTimeline, type WarTimeline } from './war-timeline-kit.js';

/**
 * Whole war weeks on the simulator with an injected clock. Expectations
 * come from the simulator's own model of who used which deck when.
 */
describe.each(engines)('inactive-players over a war week on %s', (engine) => {
  let w: WarTimeline;
  afterEach(async () => {
    await w?.close();
  });

  const result = (r: { result: unknown }) => r.result as InactivePlayersResult;

  /** Exact inactive list for a battle day, judged on the members at `reportAt`. */
  function expected(day: ReturnType<WarTimeline['period']>, reportAt: string, previousRunAt?: string) {
    // Members first seen by this run (not there at the previous run) are joiners, not inactive.
    const known = previousRunAt ? new Set(w.members(previousRunAt)) : null;
    return w
      .members(reportAt)
      .filter((tag) => !known || known.has(tag))
      .map((tag) => ({ tag, decksUsed: w.decks(tag, day) }))
      .filter((p) => p.decksUsed < 4)
      .sort((a, b) => a.tag.localeCompare(b.tag));
  }
  const reported = (r: InactivePlayersResult) =>
    r.inactivePlayers.map((p) => ({ tag: p.tag, decksUsed: p.decksUsed })).sort((a, b) => a.tag.localeCompare(b.tag));

  it('reports each battle day exactly: last-minute attack, 2 of 4, leaver, joiner, training days, day 4 from the log', async () => {
    w = await warTimeline(engine, '2026-11-18T10:55:00.000Z');
    // Wednesday and Thursday mornings: the day that just ended was a training day.
    const wed = await w.run();
    expect(wed.status).toBe('completed');
    expect(result(wed)).toEqual({ inactivePlayers: [], currentDay: null });
    expect(wed.message).toMatch(/training day/);
    w.at('2026-11-19T10:55:00.000Z');
    expect(result(await w.run()).currentDay).toBeNull();

    const day1 = w.period('2026-11-19T12:00:00.000Z');
    expect([day1.periodType, day1.dayOfWeek]).toEqual(['warDay', 3]);
    const candidates = w.members('2026-11-20T10:55:00.000Z').filter((tag) => w.decks(tag, day1) === 0);
    const [lastMinute, twoOfFour] = candidates;
    expect(lastMinute && twoOfFour).toBeTruthy();
    // One attacks with all four decks a minute before the reset; one uses only two.
    w.sim.state.attack(lastMinute!, new Date(day1.end.getTime() - MINUTE), 4);
    w.sim.state.attack(twoOfFour!, new Date(day1.start.getTime() + 3 * 60 * MINUTE), 2);
    const leaver = w
      .members('2026-11-19T10:55:00.000Z')
      .find((tag) => !w.members('2026-11-20T10:55:00.000Z').includes(tag));
    expect(leaver).toBeDefined();

    w.at('2026-11-20T10:55:00.000Z');
    const fri = result(await w.run());
    expect(fri.currentDay).toBe(1);
    expect(reported(fri)).toEqual(expected(day1, '2026-11-20T10:55:00.000Z', '2026-11-19T10:55:00.000Z'));
    expect(fri.inactivePlayers.map((p) => p.tag)).not.toContain(lastMinute);
    expect(fri.inactivePlayers.find((p) => p.tag === twoOfFour)?.decksUsed).toBe(2);
    expect(fri.inactivePlayers.map((p) => p.tag)).not.toContain(leaver);

    for (const [at, day, previous] of [
      ['2026-11-21T10:55:00.000Z', 2, '2026-11-20T10:55:00.000Z'],
      ['2026-11-22T10:55:00.000Z', 3, '2026-11-21T10:55:00.000Z'],
    ] as const) {
      w.at(at);
      const r = result(await w.run());
      expect(r.currentDay).toBe(day);
      expect(reported(r)).toEqual(expected(w.period(new Date(new Date(at).getTime() - 2 * 60 * MINUTE)), at, previous));
    }

    // A member who joins during battle day 4 is flagged as a joiner, never as inactive.
    const monday = '2026-11-23T10:55:00.000Z';
    const joiner = w.members(monday).find((tag) => !w.members('2026-11-22T10:55:00.000Z').includes(tag));
    expect(joiner).toBeDefined();
    w.at(monday);
    const mon = await w.run();
    const day4 = w.period('2026-11-22T12:00:00.000Z');
    expect(result(mon).currentDay).toBe(4);
    expect(reported(result(mon))).toEqual(expected(day4, monday, '2026-11-22T10:55:00.000Z'));
    expect(result(mon).inactivePlayers.map((p) => p.tag)).not.toContain(joiner);
    if (w.decks(joiner!, day4) < 4) expect(mon.details.outputs.join('\n')).toMatch(/joined during the day/);

    // Snapshots and the roster were stored by every run.
    const snapshots = await w.t.db.kysely.selectFrom('war_state_cache').select('id').execute();
    expect(snapshots).toHaveLength(6);
    const left = await w.t.db.kysely
      .selectFrom('clan_members')
      .select('left_at')
      .where('tag', '=', leaver!)
      .executeTakeFirstOrThrow();
    expect(left.left_at).not.toBeNull();
    const outbox = await w.t.db.kysely.selectFrom('discord_outbox').select('payload').execute();
    expect(outbox.length).toBe(4);
    expect(outbox.some((o) => o.payload.includes('0/4 decks'))).toBe(true);
  });

  it('reports a day whose snapshot is missing as uncertain instead of guessing', async () => {
    w = await warTimeline(engine, '2026-11-19T10:55:00.000Z');
    await w.run(); // Thursday, during battle day 1
    w.at('2026-11-21T10:55:00.000Z'); // Friday's run never happened
    const sat = await w.run();
    const r = result(sat);
    expect(r.currentDay).toBe(2);
    const day2 = w.period('2026-11-20T12:00:00.000Z');
    // Whoever is reported inactive is reported with the true count; the rest are "uncertain".
    for (const p of r.inactivePlayers) expect(p.decksUsed).toBe(w.decks(p.tag, day2));
    expect(sat.message).toMatch(/uncertain/);
    expect(sat.details.outputs.join('\n')).toMatch(/between \d\/4 and \d\/4/);
  });

  it('reports at once when the reset came before the window (EST), across the 2026-11-01 change and a colosseum week', async () => {
    w = await warTimeline(engine, '2026-10-31T10:55:00.000Z');
    await w.t.app.ctx.scripts.start({ timers: false });
    await w.run(); // Saturday of the colosseum week: a snapshot during battle day 3
    for (const [at, day, previous] of [
      ['2026-11-01T10:55:00.000Z', 3, '2026-10-31T10:55:00.000Z'], // 05:55 EST on the fall-back Sunday
      ['2026-11-02T10:55:00.000Z', 4, '2026-11-01T10:55:00.000Z'], // Monday: day 4 ends at the newest log item
    ] as const) {
      w.at(new Date(new Date(at).getTime() - MINUTE));
      await w.t.app.ctx.scripts.tick();
      w.at(at);
      const [fired] = await w.t.app.ctx.scripts.tick();
      expect(fired?.outcome).toBe('started');
      const report = (await fired!.done) as {
        status: string;
        result: InactivePlayersResult;
        details: { outputs: string[] };
      };
      expect(report.status).toBe('completed');
      expect(report.result.currentDay).toBe(day);
      const battleDay = w.period(new Date(new Date(at).getTime() - 2 * 60 * MINUTE));
      expect(battleDay.periodType).toBe('colosseum');
      expect(reported(report.result)).toEqual(expected(battleDay, at, previous));
      expect(report.details.outputs[0]).toMatch(/Polled the river race 1 time/);
    }
    expect(w.sleeps).toEqual([]);
  });

  it('waits inside the window for a reset still to come (EDT, the week of 2027-03-14), and survives a restart', async () => {
    // Season 142 resets at 09:40:22Z; a 05:30 EDT schedule (09:30Z) opens the window before it.
    w = await warTimeline(engine, '2027-03-14T09:00:00.000Z');
    await w.run(); // Sunday, during battle day 4 (after the spring change)
    w.at('2027-03-15T09:00:00.000Z');
    await w.t.app.ctx.scripts.setSchedule(w.inactive, '30 5 * * *');
    await w.t.app.ctx.scripts.start({ timers: false });
    w.at('2027-03-15T09:30:00.000Z');
    const [fired] = await w.t.app.ctx.scripts.tick();
    const report = (await fired!.done) as {
      status: string;
      result: InactivePlayersResult;
      details: { outputs: string[] };
    };
    expect(report.status).toBe('completed');
    expect(report.result.currentDay).toBe(4);
    expect(w.sleeps.length).toBeGreaterThanOrEqual(3);
    expect(w.sleeps.every((ms) => ms <= 3 * MINUTE)).toBe(true);
    expect(w.clock.now().getTime()).toBeGreaterThan(new Date('2027-03-15T09:40:22.000Z').getTime());
    const day4 = w.period('2027-03-14T12:00:00.000Z');
    expect(reported(report.result)).toEqual(expected(day4, w.clock.now().toISOString(), '2027-03-14T09:00:00.000Z'));

    // A restart in the middle of a later window loses nothing: the next run is still exact.
    w.at('2027-03-20T09:50:00.000Z');
    await w.run(); // Saturday, during battle day 3
    w.at('2027-03-21T09:55:00.000Z'); // Sunday, after the reset: the restarted server runs again
    const restarted = result(await w.run());
    expect(restarted.currentDay).toBe(3);
    expect(reported(restarted)).toEqual(
      expected(w.period('2027-03-20T12:00:00.000Z'), '2027-03-21T09:55:00.000Z', '2027-03-20T09:50:00.000Z'),
    );
  });
});
