import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DiscordSender } from '#server/clients/discord/sender';
import { ManualClock } from '#server/lib/clock';
import { startDiscordReceiver } from '#test/helpers/discord-receiver';
import { engines } from '#test/helpers/test-db';
import { deferred, scriptTestApp, secondInstance, testScript } from '#test/helpers/scripts';

/**
 * One run per (script, clan, occurrence) (docs/decisions/100-clan-family-data-model.md): the scheduler fires each
 * clan's schedule, a clan's run never waits for another clan's, and one clan's script never runs twice at once.
 */
const FEEDER_A = '#QQQQQQ';
const FEEDER_B = '#RRRRRR';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

/** The family's two feeder clans, added as the admin will add them (before the scheduler starts). */
async function addFeeders(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.kysely;
  await db
    .insertInto('clans')
    .values([
      { tag: FEEDER_A, role: 'family', position: 1, added_at: '2026-11-20T00:00:00.000Z' },
      { tag: FEEDER_B, role: 'family', position: 2, added_at: '2026-11-20T00:00:00.000Z' },
    ])
    .execute();
  await app.ctx.clans.reload(db);
}

const runRows = (app: FastifyInstance) =>
  app.ctx.db.kysely
    .selectFrom('script_runs')
    .select(['clan_tag', 'trigger', 'occurrence_key', 'status'])
    .orderBy('clan_tag')
    .execute();

describe.each(engines)('a family of three clans on %s', (engine) => {
  it('fires each clan’s occurrence once, each run in its own clan’s history', async () => {
    const clock = new ManualClock('2026-11-23T14:55:00.000Z');
    const script = testScript({
      defaultSchedule: '0 10 * * 1',
      outcome: (ctx) => ({ result: {}, message: `Ran for ${ctx.clanTag}.` }),
    });
    const t = await scriptTestApp(engine, clock, { definitions: [script.def] });
    cleanups.push(t.close);
    await addFeeders(t.app);
    const main = t.app.ctx.clans.main.tag;
    const scripts = t.app.services.scripts;
    await scripts.start({ timers: false });

    clock.set('2026-11-23T15:00:00.000Z'); // 10:00 in New York
    const fired = await scripts.tick();
    await Promise.all(fired.map((f) => f.done));
    expect(fired.map((f) => [f.clanTag, f.outcome]).sort()).toEqual(
      [main, FEEDER_A, FEEDER_B].sort().map((tag) => [tag, 'started']),
    );
    expect(script.calls.map((c) => c.clanTag).sort()).toEqual([main, FEEDER_A, FEEDER_B].sort());
    const rows = await runRows(t.app);
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r).toMatchObject({ trigger: 'schedule', occurrence_key: '2026-11-23T15:00:00.000Z' });
    // the same minute again fires nothing
    expect(await scripts.tick()).toEqual([]);

    // each clan's history holds its own run
    const a = await scripts.history(script.def, 10, FEEDER_A);
    expect(a.map((h) => h.message)).toEqual([`Ran for ${FEEDER_A}.`]);
  });

  it('lets one clan’s manual run start while another clan’s holds the script, and refuses a second of the same clan', async () => {
    const clock = new ManualClock('2026-11-23T14:55:00.000Z');
    const gate = deferred();
    const running = { [FEEDER_A]: deferred(), [FEEDER_B]: deferred() };
    const script = testScript({
      outcome: async (ctx) => {
        running[ctx.clanTag as keyof typeof running].resolve();
        await gate.promise;
        return { result: {}, message: 'Done.' };
      },
    });
    const t = await scriptTestApp(engine, clock, { definitions: [script.def] });
    cleanups.push(t.close);
    await addFeeders(t.app);
    const scripts = t.app.services.scripts;
    const first = scripts.runNow(script.def, 'manual', FEEDER_A);
    await running[FEEDER_A].promise;
    await expect(scripts.runNow(script.def, 'manual', FEEDER_A)).rejects.toMatchObject({ statusCode: 409 });
    expect(await scripts.isRunning(script.def.id, FEEDER_A)).toBe(true);
    expect(await scripts.isRunning(script.def.id, FEEDER_B)).toBe(false);
    const second = scripts.runNow(script.def, 'manual', FEEDER_B);
    await running[FEEDER_B].promise;
    expect(await scripts.isRunning(script.def.id, FEEDER_B)).toBe(true);
    gate.resolve();
    expect((await first).status).toBe('completed');
    expect((await second).status).toBe('completed');
    expect(script.calls.map((c) => c.clanTag)).toEqual([FEEDER_A, FEEDER_B]);
  });
});

describe.runIf(engines.includes('postgres'))('two instances on one PostgreSQL database, a family of three', () => {
  it('run every (script, clan, occurrence) once', async () => {
    const clock = new ManualClock('2026-11-23T14:55:00.000Z');
    const gate = deferred();
    const executions: string[] = [];
    const script = testScript({
      outcome: async (ctx) => {
        executions.push(ctx.clanTag);
        await gate.promise;
        return { result: {}, message: 'Ran once.' };
      },
    });
    const a = await scriptTestApp('postgres', clock, { definitions: [script.def] });
    cleanups.push(a.close);
    await addFeeders(a.app);
    const b = await secondInstance(a, clock, { definitions: [script.def] });
    cleanups.push(b.close);
    expect(b.app.ctx.clans.active()).toHaveLength(3);
    await Promise.all([
      a.app.services.scripts.start({ timers: false }),
      b.app.services.scripts.start({ timers: false }),
    ]);

    clock.set('2026-11-23T15:00:00.000Z');
    const fired = (await Promise.all([a.app.services.scripts.tick(), b.app.services.scripts.tick()])).flat();
    gate.resolve();
    await Promise.all(fired.map((f) => f.done));
    expect(fired.filter((f) => f.outcome === 'started')).toHaveLength(3);
    expect(fired.filter((f) => f.outcome === 'duplicate')).toHaveLength(3);
    expect(executions.sort()).toEqual([a.app.ctx.clans.main.tag, FEEDER_A, FEEDER_B].sort());
    const rows = await runRows(a.app);
    expect(rows.map((r) => r.clan_tag)).toEqual([a.app.ctx.clans.main.tag, FEEDER_A, FEEDER_B].sort());
    for (const r of rows) expect(r).toMatchObject({ status: 'completed', occurrence_key: '2026-11-23T15:00:00.000Z' });
  });
});

describe.each(engines)('a family clan’s Discord messages on %s', (engine) => {
  it('go to the webhook for the main clan only; a family clan’s stay in its outbox', async () => {
    const receiver = await startDiscordReceiver((_q, i) => ({ status: 200, body: { id: `m${i}` } }));
    cleanups.push(receiver.close);
    const script = testScript({
      outcome: (ctx) => ({ result: {}, message: 'Reported.', discord: [{ content: `Report of ${ctx.clanTag}` }] }),
    });
    const t = await scriptTestApp(engine, new ManualClock('2026-11-22T12:00:00.000Z'), {
      definitions: [script.def],
      discord: new DiscordSender({ webhookUrl: receiver.url }),
    });
    cleanups.push(t.close);
    await addFeeders(t.app);
    const main = t.app.ctx.clans.main.tag;
    await t.app.services.scripts.runNow(script.def, 'manual', FEEDER_A);
    await t.app.services.scripts.runNow(script.def);
    expect(receiver.received.map((r) => r.body.content)).toEqual([`Report of ${main}`]);
    const feeder = await t.app.services.scripts.outbox(10, FEEDER_A);
    expect(feeder).toEqual([expect.objectContaining({ status: 'outbox', content: `Report of ${FEEDER_A}` })]);
    const ours = await t.app.services.scripts.outbox(10);
    expect(ours).toEqual([expect.objectContaining({ status: 'sent', content: `Report of ${main}` })]);
  });
});
