import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from '../../src/lib/clock.js';
import { engines } from '../helpers/test-db.js';
import type { TestApp } from '../helpers/test-app.js';
import { historyOf, scriptTestApp, secondInstance, testScript } from '../helpers/scripts.js';

const FIVE_MINUTES = 5 * 60_000;
let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function open(
  engine: (typeof engines)[number],
  clock: ManualClock,
  scripts: Parameters<typeof scriptTestApp>[2] = {},
): Promise<TestApp> {
  const t = await scriptTestApp(engine, clock, scripts);
  cleanups.push(t.close);
  return t;
}

/**
 * Walks the clock in steps of at most 5 minutes, landing on every instant the scheduler wakes for,
 * ticking like the timer would; returns every scheduled run it fired (when it fired). Runs move
 * the clock themselves while they wait (the inactive-players window).
 */
async function walk(app: FastifyInstance, clock: ManualClock, until: string) {
  const fired: { scriptId: string; at: string; scheduledFor: string }[] = [];
  while (clock.now() < new Date(until)) {
    const now = clock.now().getTime();
    const wake = app.services.scripts.nextWake()?.getTime() ?? Infinity;
    clock.set(new Date(Math.max(now + 1, Math.min(now + FIVE_MINUTES, wake))));
    for (const f of await app.services.scripts.tick()) {
      await f.done;
      if (f.scheduledFor)
        fired.push({ scriptId: f.scriptId, at: f.firedAt.toISOString(), scheduledFor: f.scheduledFor.toISOString() });
    }
  }
  return fired;
}

describe.each(engines)('scheduler on %s', (engine) => {
  it.each([
    [
      'fall back 2026-11-01',
      '2026-10-31T00:00:00.000Z',
      '2026-11-03T00:00:00.000Z',
      [
        ['inactive-players', '2026-10-31T09:55:00.000Z'],
        ['inactive-players', '2026-11-01T10:55:00.000Z'],
        ['inactive-players', '2026-11-02T10:55:00.000Z'],
        ['river-race-log', '2026-11-02T15:00:00.000Z'],
        ['monthly-fame', '2026-11-02T16:00:00.000Z'],
      ],
    ],
    [
      'spring forward 2027-03-14',
      '2027-03-13T00:00:00.000Z',
      '2027-03-16T00:00:00.000Z',
      [
        ['inactive-players', '2027-03-13T10:55:00.000Z'],
        ['inactive-players', '2027-03-14T09:55:00.000Z'],
        ['inactive-players', '2027-03-15T09:55:00.000Z'],
        ['river-race-log', '2027-03-15T14:00:00.000Z'],
        ['monthly-fame', '2027-03-15T15:00:00.000Z'],
      ],
    ],
  ])('fires the default schedules at their New York times across %s', async (_name, from, until, expected) => {
    const clock = new ManualClock(from);
    const t = await open(engine, clock);
    await t.app.services.scripts.start({ timers: false });
    // War reminders follow the predicted reset, not cron (server/test/scripts/clan/war-reminders.test.ts).
    const fired = (await walk(t.app, clock, until)).filter((f) => f.scriptId !== 'war-reminders');
    expect(fired.map((f) => [f.scriptId, f.at])).toEqual(expected);
    expect(fired.every((f) => f.at === f.scheduledFor)).toBe(true);
    const rows = await historyOf(t.app, 'river-race-log');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'completed', trigger: 'schedule', scheduledFor: expected[3]![1] });
  });

  it.each([
    [
      '30 1 * * * in the repeated hour runs once',
      '2026-10-31T00:00:00.000Z',
      '2026-11-02T12:00:00.000Z',
      '30 1 * * *',
      ['2026-10-31T05:30:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z'],
    ],
    [
      '30 2 * * * in the missing hour runs at 03:00 EDT',
      '2027-03-13T00:00:00.000Z',
      '2027-03-15T12:00:00.000Z',
      '30 2 * * *',
      ['2027-03-13T07:30:00.000Z', '2027-03-14T07:00:00.000Z', '2027-03-15T06:30:00.000Z'],
    ],
  ])('%s', async (_name, from, until, cron, expected) => {
    const clock = new ManualClock(from);
    const t = await open(engine, clock);
    await t.app.services.scripts.start({ timers: false });
    await t.app.services.scripts.setSchedule(t.app.services.scripts.find('inactive-players')!, cron);
    const fired = await walk(t.app, clock, until);
    expect(fired.filter((f) => f.scriptId === 'inactive-players').map((f) => f.at)).toEqual(expected);
  });

  it('catches missed weekly runs up once after a restart, and the unreported battle day from the data', async () => {
    const clock = new ManualClock('2026-11-01T12:00:00.000Z');
    const t = await open(engine, clock);
    await t.app.services.scripts.start({ timers: false });
    await t.app.services.scripts.stop();

    // down over Monday's 05:55, 10:00 and 11:00 New York runs; back at 13:00 New York
    clock.set('2026-11-02T18:00:00.000Z');
    const restarted = await secondInstance(t, clock);
    cleanups.push(restarted.close);
    const fired = await restarted.app.services.scripts.start({ timers: false });
    await Promise.all(fired.map((f) => f.done));
    // in the order of the occurrences they stand in for: Monday 05:55, 10:00, 11:00 New York
    expect(fired.map((f) => [f.scriptId, f.scheduledFor?.toISOString() ?? null, f.outcome])).toEqual([
      ['inactive-players', null, 'started'],
      ['river-race-log', '2026-11-02T15:00:00.000Z', 'started'],
      ['monthly-fame', '2026-11-02T16:00:00.000Z', 'started'],
    ]);
    const river = await historyOf(restarted.app, 'river-race-log');
    expect(river).toHaveLength(1);
    expect(river[0]).toMatchObject({
      status: 'completed',
      trigger: 'catch-up',
      scheduledFor: '2026-11-02T15:00:00.000Z',
    });
    expect(river[0]!.message).toMatch(
      /^Catch-up of the run missed at Mon, Nov 2, 2026, 10:00 AM EST \(2026-11-02 15:00 UTC\)/,
    );
    // battle day 4 of October's colosseum ended Monday morning unreported: caught up from the data
    const daily = await historyOf(restarted.app, 'inactive-players');
    expect(daily[0]).toMatchObject({ status: 'completed', trigger: 'catch-up' });
    expect(daily[0]!.message).toMatch(
      /^Catch-up: Season 137 · Week 4 · Battle day 4 · Nov 1, 2026 had not been reported/,
    );

    // a second restart and the following ticks do not run it again
    await restarted.app.services.scripts.stop();
    clock.advance(10 * 60_000);
    const again = await secondInstance(t, clock);
    cleanups.push(again.close);
    expect(await again.app.services.scripts.start({ timers: false })).toEqual([]);
    expect(await again.app.services.scripts.tick()).toEqual([]);
    expect(await historyOf(again.app, 'river-race-log')).toHaveLength(1);
  });

  it('retries an occurrence that found a manual run holding the script until its window closes', async () => {
    const clock = new ManualClock('2026-11-23T14:58:00.000Z'); // Monday 09:58 New York
    const script = testScript({ hold: true });
    const def = { ...script.def, busyRetryMs: 40 * 60_000 };
    const t = await open(engine, clock, { definitions: [def] });
    await t.app.services.scripts.start({ timers: false });
    const manual = t.app.services.scripts.runNow(def);
    await script.started();

    clock.set('2026-11-23T15:00:00.000Z'); // 10:00 New York: the schedule is due, the script is busy
    expect((await t.app.services.scripts.tick()).map((f) => f.outcome)).toEqual(['waiting']);
    clock.advance(30_000);
    expect((await t.app.services.scripts.tick()).map((f) => f.outcome)).toEqual(['waiting']);
    script.release();
    expect((await manual).status).toBe('completed');

    clock.advance(30_000);
    const [retried] = await t.app.services.scripts.tick();
    expect(retried).toMatchObject({ outcome: 'started', scheduledFor: new Date('2026-11-23T15:00:00.000Z') });
    script.release();
    await retried!.done;
    const rows = await historyOf(t.app, 'test-script');
    expect(rows.map((r) => [r.trigger, r.status, r.scheduledFor])).toEqual([
      ['schedule', 'completed', '2026-11-23T15:00:00.000Z'],
      ['manual', 'completed', null],
    ]);
  });

  it('records an occurrence as skipped when the script stayed busy for its whole window', async () => {
    const clock = new ManualClock('2026-11-23T14:58:00.000Z');
    const script = testScript({ hold: true });
    const def = { ...script.def, busyRetryMs: 40 * 60_000 };
    const t = await open(engine, clock, { definitions: [def] });
    await t.app.services.scripts.start({ timers: false });
    const manual = t.app.services.scripts.runNow(def);
    await script.started();
    clock.set('2026-11-23T15:00:00.000Z');
    await t.app.services.scripts.tick();
    clock.set('2026-11-23T15:40:01.000Z');
    expect((await t.app.services.scripts.tick()).map((f) => f.outcome)).toEqual(['skipped']);
    script.release();
    await manual;
    const [skipped] = (await historyOf(t.app, 'test-script')).filter((r) => r.trigger === 'schedule');
    expect(skipped).toMatchObject({ status: 'skipped', scheduledFor: '2026-11-23T15:00:00.000Z' });
  });

  it('marks a run left running by a crashed instance as failed "interrupted"', async () => {
    const clock = new ManualClock('2026-11-22T12:00:00.000Z');
    const script = testScript({ hold: true });
    const crashed = await open(engine, clock, { definitions: [script.def] });
    const pending = crashed.app.services.scripts.runNow(script.def);
    await script.started();

    const survivor = await secondInstance(crashed, clock, { definitions: [script.def] });
    cleanups.push(survivor.close);
    await survivor.app.services.scripts.start({ timers: false });
    expect((await historyOf(survivor.app, 'test-script'))[0]).toMatchObject({ status: 'running' });

    // the crashed instance renews nothing any more: its lease runs out (by the database's clock)
    clock.advance(3 * 60_000);
    await crashed.db.kysely.updateTable('script_locks').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    await survivor.app.services.scripts.tick();
    const [row] = await historyOf(survivor.app, 'test-script');
    expect(row).toMatchObject({ status: 'failed', duration: 3 * 60_000 });
    expect(row!.message).toMatch(/^Interrupted/);

    // if the "dead" run comes back, it cannot overwrite that history or commit anything
    script.release();
    const report = await pending;
    expect(report.status).toBe('failed');
    expect((await historyOf(survivor.app, 'test-script'))[0]!.message).toMatch(/^Interrupted: the server stopped/);
  });

  it('records a scheduled occurrence that overlaps a running manual run as skipped', async () => {
    const clock = new ManualClock('2026-11-23T14:50:00.000Z');
    const script = testScript({ hold: true });
    const t = await open(engine, clock, { definitions: [script.def] });
    await t.app.services.scripts.start({ timers: false });
    const manual = t.app.services.scripts.runNow(script.def);
    await script.started();
    clock.set('2026-11-23T15:00:00.000Z');
    const [fired] = await t.app.services.scripts.tick();
    expect(fired).toMatchObject({ outcome: 'skipped' });
    script.release();
    await manual;
    const rows = await historyOf(t.app, 'test-script');
    expect(rows.map((r) => [r.trigger, r.status])).toEqual(
      expect.arrayContaining([
        ['manual', 'completed'],
        ['schedule', 'skipped'],
      ]),
    );
    expect(script.calls).toHaveLength(1);
  });
});
