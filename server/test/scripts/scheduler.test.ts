import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from '../../src/lib/clock.js';
import { engines } from '../helpers/test-db.js';
import type { TestApp } from '../helpers/test-app.js';
import { historyOf, scriptTestApp, secondInstance, testScript } from './script-test-kit.js';

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

/** Walks the clock in 5-minute steps, ticking like the timer would; returns every fired run. */
async function walk(app: FastifyInstance, clock: ManualClock, until: string) {
  const fired: { scriptId: string; at: string; scheduledFor: string }[] = [];
  while (clock.now() < new Date(until)) {
    clock.advance(FIVE_MINUTES);
    for (const f of await app.ctx.scripts.tick()) {
      await f.done;
      fired.push({ scriptId: f.scriptId, at: clock.now().toISOString(), scheduledFor: f.scheduledFor.toISOString() });
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
    await t.app.ctx.scripts.start({ timers: false });
    const fired = await walk(t.app, clock, until);
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
    await t.app.ctx.scripts.start({ timers: false });
    await t.app.ctx.scripts.setSchedule(t.app.ctx.scripts.find('inactive-players')!, cron);
    const fired = await walk(t.app, clock, until);
    expect(fired.filter((f) => f.scriptId === 'inactive-players').map((f) => f.at)).toEqual(expected);
  });

  it('catches a missed weekly run up once after a restart, and records the missed daily one as skipped', async () => {
    const clock = new ManualClock('2026-11-01T12:00:00.000Z');
    const t = await open(engine, clock);
    await t.app.ctx.scripts.start({ timers: false });
    await t.app.ctx.scripts.stop();

    // down over Monday's 05:55, 10:00 and 11:00 New York runs; back at 13:00 New York
    clock.set('2026-11-02T18:00:00.000Z');
    const restarted = await secondInstance(t, clock);
    cleanups.push(restarted.close);
    const fired = await restarted.app.ctx.scripts.start({ timers: false });
    await Promise.all(fired.map((f) => f.done));
    expect(fired.map((f) => [f.scriptId, f.scheduledFor.toISOString(), f.outcome]).sort()).toEqual([
      ['inactive-players', '2026-11-02T10:55:00.000Z', 'skipped'],
      ['monthly-fame', '2026-11-02T16:00:00.000Z', 'started'],
      ['river-race-log', '2026-11-02T15:00:00.000Z', 'started'],
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
    const daily = await historyOf(restarted.app, 'inactive-players');
    expect(daily).toEqual([
      expect.objectContaining({
        status: 'skipped',
        message: expect.stringMatching(/^Missed the run scheduled for Mon, Nov 2, 2026, 5:55 AM EST/),
      }),
    ]);

    // a second restart and the following ticks do not run it again
    await restarted.app.ctx.scripts.stop();
    clock.advance(10 * 60_000);
    const again = await secondInstance(t, clock);
    cleanups.push(again.close);
    expect(await again.app.ctx.scripts.start({ timers: false })).toEqual([]);
    expect(await again.app.ctx.scripts.tick()).toEqual([]);
    expect(await historyOf(again.app, 'river-race-log')).toHaveLength(1);
  });

  it('marks a run left running by a crashed instance as failed "interrupted"', async () => {
    const clock = new ManualClock('2026-11-22T12:00:00.000Z');
    const script = testScript({ hold: true });
    const crashed = await open(engine, clock, { definitions: [script.def] });
    const pending = crashed.app.ctx.scripts.runNow(script.def);
    await script.started();

    const survivor = await secondInstance(crashed, clock, { definitions: [script.def] });
    cleanups.push(survivor.close);
    await survivor.app.ctx.scripts.start({ timers: false });
    expect((await historyOf(survivor.app, 'test-script'))[0]).toMatchObject({ status: 'running' });

    // the crashed instance renews nothing any more: its lease runs out
    clock.advance(3 * 60_000);
    await survivor.app.ctx.scripts.tick();
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
    await t.app.ctx.scripts.start({ timers: false });
    const manual = t.app.ctx.scripts.runNow(script.def);
    await script.started();
    clock.set('2026-11-23T15:00:00.000Z');
    const [fired] = await t.app.ctx.scripts.tick();
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
