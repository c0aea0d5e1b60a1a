import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { engines } from '../helpers/test-db.js';
import { deferred, historyOf, scriptTestApp, secondInstance, testScript } from '../helpers/scripts.js';

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
    await Promise.all([
      a.app.services.scripts.start({ timers: false }),
      b.app.services.scripts.start({ timers: false }),
    ]);

    clock.set('2026-11-23T15:00:00.000Z');
    const fired = (await Promise.all([a.app.services.scripts.tick(), b.app.services.scripts.tick()])).flat();
    expect(fired.map((f) => f.outcome).sort()).toEqual(['duplicate', 'started']);

    const other = fired.find((f) => f.outcome === 'duplicate')!;
    // a manual run on either instance is refused while the occurrence runs
    const results = await Promise.allSettled([
      a.app.services.scripts.runNow(script.def),
      b.app.services.scripts.runNow(script.def),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(results.map((r) => (r as PromiseRejectedResult).reason.statusCode)).toEqual([409, 409]);

    gate.resolve();
    await Promise.all(fired.map((f) => f.done));
    expect(other.scheduledFor?.toISOString()).toBe('2026-11-23T15:00:00.000Z');
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

describe.each(engines)('leases judged by the database clock on %s', (engine) => {
  it('two instances whose clocks differ by 3 minutes never run the script at once', async () => {
    const clockA = new ManualClock('2026-11-23T14:55:00.000Z');
    const clockB = new ManualClock('2026-11-23T14:58:00.000Z'); // 3 minutes ahead, past A's lease time
    const script = testScript({ hold: true });
    const a = await scriptTestApp(engine, clockA, { definitions: [script.def] });
    cleanups.push(a.close);
    const b = await secondInstance(a, clockB, { definitions: [script.def] });
    cleanups.push(b.close);

    const running = a.app.services.scripts.runNow(script.def);
    await script.started();
    await expect(b.app.services.scripts.runNow(script.def)).rejects.toMatchObject({ statusCode: 409 });
    expect(await b.app.services.scripts.isRunning('test-script')).toBe(true);
    script.release();
    expect((await running).status).toBe('completed');
  });

  // Two instances in one process need PostgreSQL: SQLite's busy wait blocks the whole process.
  it.runIf(engine === 'postgres')(
    'a run that lost its lease to another instance stops without saving anything',
    async () => {
      const clock = new ManualClock('2026-11-23T14:55:00.000Z');
      let writes = 0;
      const gate = deferred();
      const script = testScript({
        outcome: async () => {
          await gate.promise;
          return { result: {}, message: 'Done.', write: async () => void writes++ };
        },
      });
      const a = await scriptTestApp(engine, clock, { definitions: [script.def] });
      cleanups.push(a.close);
      const b = await secondInstance(a, clock, { definitions: [script.def] });
      cleanups.push(b.close);

      const first = a.app.services.scripts.runNow(script.def);
      await script.started();
      // A misses its heartbeats long enough for the lease to run out, and B takes the script over.
      await a.db.kysely.updateTable('script_locks').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
      const second = b.app.services.scripts.runNow(script.def);
      await vi.waitFor(() => expect(script.calls).toHaveLength(2)); // B's run has started
      gate.resolve();
      const [lost, won] = await Promise.all([first, second]);
      expect(lost.status).toBe('failed');
      expect(lost.message).toMatch(/lost its lock on the script/);
      expect(won.status).toBe('completed');
      expect(writes).toBe(1);
    },
  );
});
