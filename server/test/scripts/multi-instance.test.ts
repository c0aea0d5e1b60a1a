import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { engines } from '../helpers/test-db.js';
import { deferred, historyOf, scriptTestApp, secondInstance, testScript } from './script-test-kit.js';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

// docs/architecture.md §1 scale path: several instances on one PostgreSQL database, an occurrence runs once.
describe.runIf(engines.includes('postgres'))('two instances on one PostgreSQL database', () => {
  it('run one occurrence once, and refuse a manual run while the other instance runs it', async () => {
    const clock = new ManualClock('2026-11-23T14:55:00.000Z');
    const gate = deferred();
    let executions = 0;
    const script = testScript({
      outcome: async () => {
        executions++;
        await gate.promise;
        return { result: {}, message: 'Ran once.' };
      },
    });
    const a = await scriptTestApp('postgres', clock, { definitions: [script.def] });
    cleanups.push(a.close);
    const b = await secondInstance(a, clock, { definitions: [script.def] });
    cleanups.push(b.close);
    await Promise.all([a.app.ctx.scripts.start({ timers: false }), b.app.ctx.scripts.start({ timers: false })]);

    clock.set('2026-11-23T15:00:00.000Z');
    const fired = (await Promise.all([a.app.ctx.scripts.tick(), b.app.ctx.scripts.tick()])).flat();
    expect(fired.map((f) => f.outcome).sort()).toEqual(['duplicate', 'started']);

    const other = fired.find((f) => f.outcome === 'duplicate')!;
    // a manual run on either instance is refused while the occurrence runs
    const results = await Promise.allSettled([
      a.app.ctx.scripts.runNow(script.def),
      b.app.ctx.scripts.runNow(script.def),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(results.map((r) => (r as PromiseRejectedResult).reason.statusCode)).toEqual([409, 409]);

    gate.resolve();
    await Promise.all(fired.map((f) => f.done));
    expect(other.scheduledFor.toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(executions).toBe(1);
    const rows = await historyOf(a.app, 'test-script');
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'completed',
        trigger: 'schedule',
        scheduledFor: '2026-11-23T15:00:00.000Z',
        message: 'Ran once.',
      }),
    ]);
  });
});
