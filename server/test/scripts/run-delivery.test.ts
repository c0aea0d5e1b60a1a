import { afterEach, describe, expect, it } from 'vitest';
import { DiscordSender } from '../../src/clients/discord/sender.js';
import { ManualClock } from '../../src/lib/clock.js';
import { engines } from '../helpers/test-db.js';
import { bearer, loginToken } from '../helpers/auth.js';
import { startDiscordReceiver } from '../helpers/discord-receiver.js';
import { historyOf, scriptTestApp, testScript } from '../helpers/scripts.js';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

const longReport = Array.from({ length: 150 }, (_, i) => `- Player ${i} used 0/4 decks`).join('\n');
const reporting = () =>
  testScript({ outcome: () => ({ result: {}, message: 'Reported.', discord: [{ content: longReport }] }) });

describe.each(engines)('Discord delivery of a run on %s', (engine) => {
  it('without a webhook keeps the message in the outbox, shown to the admin', async () => {
    const script = reporting();
    const t = await scriptTestApp(engine, new ManualClock('2026-11-22T12:00:00.000Z'), { definitions: [script.def] });
    cleanups.push(t.close);
    const report = await t.app.services.scripts.runNow(script.def);
    expect(report).toMatchObject({ status: 'completed', details: { discordMessage: longReport, errors: [] } });
    const auth = bearer(await loginToken(t.app));
    const outbox = (await t.app.inject({ method: 'GET', url: '/api/admin/discord-outbox', headers: auth })).json();
    expect(outbox.messages).toEqual([
      expect.objectContaining({ scriptId: 'test-script', runId: report.runId, status: 'outbox', content: longReport }),
    ]);
  });

  it('sends the split message to the webhook after the run commits', async () => {
    const receiver = await startDiscordReceiver((_q, i) => ({ status: 200, body: { id: `m${i}` } }));
    cleanups.push(receiver.close);
    const script = reporting();
    const t = await scriptTestApp(engine, new ManualClock('2026-11-22T12:00:00.000Z'), {
      definitions: [script.def],
      discord: new DiscordSender({ webhookUrl: receiver.url }),
    });
    cleanups.push(t.close);
    const report = await t.app.services.scripts.runNow(script.def);
    expect(report.status).toBe('completed');
    expect(receiver.received.length).toBeGreaterThan(1);
    expect(receiver.received.map((r) => r.body.content).join('\n')).toBe(longReport);
    const rows = await t.db.kysely.selectFrom('discord_outbox').select('status').execute();
    expect(rows).toEqual([{ status: 'sent' }]);
  });

  it('records a refused delivery on the run without turning it into a failure, and does not retry a 404', async () => {
    const receiver = await startDiscordReceiver(() => ({
      status: 404,
      body: { message: 'Unknown Webhook', code: 10015 },
    }));
    cleanups.push(receiver.close);
    const script = reporting();
    const t = await scriptTestApp(engine, new ManualClock('2026-11-22T12:00:00.000Z'), {
      definitions: [script.def],
      discord: new DiscordSender({ webhookUrl: receiver.url }),
    });
    cleanups.push(t.close);
    await t.app.services.scripts.runNow(script.def);
    const [row] = await historyOf(t.app, 'test-script');
    expect(row).toMatchObject({ status: 'completed', message: 'Reported.' });
    expect(row!.details.errors).toEqual([
      expect.stringMatching(/^Discord delivery failed: Discord refused the webhook \(404: Unknown Webhook \[10015\]\)/),
    ]);
    expect(receiver.received).toHaveLength(1);
    const [outbox] = await t.db.kysely.selectFrom('discord_outbox').selectAll().execute();
    expect(outbox).toMatchObject({ status: 'failed' });
  });

  it('sends nothing when the run fails', async () => {
    const receiver = await startDiscordReceiver(() => ({ status: 200, body: { id: 'x' } }));
    cleanups.push(receiver.close);
    const script = testScript({
      outcome: () => ({
        result: {},
        message: 'x',
        discord: [{ content: 'hi' }],
        write: async () => Promise.reject(new Error('boom')),
      }),
    });
    const t = await scriptTestApp(engine, new ManualClock('2026-11-22T12:00:00.000Z'), {
      definitions: [script.def],
      discord: new DiscordSender({ webhookUrl: receiver.url }),
    });
    cleanups.push(t.close);
    expect((await t.app.services.scripts.runNow(script.def)).status).toBe('failed');
    expect(receiver.received).toHaveLength(0);
    expect(await t.db.kysely.selectFrom('discord_outbox').selectAll().execute()).toEqual([]);
  });
});
