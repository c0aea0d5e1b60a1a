import { afterEach, describe, expect, it } from 'vitest';
import { toWebhookPayloads } from '../../src/clients/discord/payload.js';
import { DiscordSender } from '../../src/clients/discord/sender.js';
import { startDiscordReceiver } from '../helpers/discord-receiver.js';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

async function receiver(answer: Parameters<typeof startDiscordReceiver>[0]) {
  const r = await startDiscordReceiver(answer);
  closers.push(r.close);
  return r;
}

/** Records the waits instead of sleeping (time is injected, never slept on). */
function fakeSleep() {
  const waits: number[] = [];
  return { waits, clock: { sleep: async (ms: number) => void waits.push(ms) } };
}

describe('Discord sender against a local receiver', () => {
  it('delivers every part of a split message in order, with wait=true, a User-Agent and allowed_mentions', async () => {
    let n = 0;
    const r = await receiver(() => ({ status: 200, body: { id: `m${++n}` } }));
    const content = Array.from({ length: 150 }, (_, i) => `- @everyone player ${i}`).join('\n');
    const payloads = toWebhookPayloads({ content });
    const result = await new DiscordSender({ webhookUrl: r.url }).send(payloads);
    expect(result).toEqual({ ok: true, messageIds: payloads.map((_, i) => `m${i + 1}`) });
    expect(r.received.length).toBe(payloads.length);
    expect(r.received.length).toBeGreaterThan(1);
    expect(r.received.map((q) => q.body.content).join('\n')).toBe(content);
    for (const q of r.received) {
      expect(q.url).toMatch(/\?wait=true$/);
      expect(q.headers['user-agent']).toMatch(/^ClanOps/);
      expect(q.body.allowed_mentions).toEqual({ parse: [] });
    }
  });

  it('honours 429 retry_after (capped) and then delivers', async () => {
    const r = await receiver((_q, i) =>
      i === 0
        ? { status: 429, body: { message: 'You are being rate limited.', retry_after: 1.5, global: false } }
        : i === 1
          ? { status: 429, body: { message: 'slow', retry_after: 172800 } }
          : { status: 200, body: { id: 'ok' } },
    );
    const { waits, clock } = fakeSleep();
    const result = await new DiscordSender({ webhookUrl: r.url, clock, maxRetryAfterMs: 10_000 }).send(
      toWebhookPayloads({ content: 'hello' }),
    );
    expect(result).toEqual({ ok: true, messageIds: ['ok'] });
    expect(r.received).toHaveLength(3);
    expect(waits).toEqual([1500, 10_000]);
  });

  it('does not retry a 404 (deleted webhook) and stops sending until restart', async () => {
    const r = await receiver(() => ({ status: 404, body: { message: 'Unknown Webhook', code: 10015 } }));
    const { waits, clock } = fakeSleep();
    const sender = new DiscordSender({ webhookUrl: r.url, clock });
    const result = await sender.send(toWebhookPayloads({ content: 'hello' }));
    expect(result).toMatchObject({ ok: false, permanent: true, sent: 0 });
    if (!result.ok) {
      expect(result.error).toMatch(/404: Unknown Webhook/);
      expect(result.error).not.toContain('secret-token');
    }
    expect(r.received).toHaveLength(1);
    expect(waits).toEqual([]);
    await sender.send(toWebhookPayloads({ content: 'again' }));
    expect(r.received).toHaveLength(1);
  });

  it('gives up after bounded attempts on 5xx and reports it', async () => {
    const r = await receiver(() => ({ status: 503 }));
    const { waits, clock } = fakeSleep();
    const result = await new DiscordSender({ webhookUrl: r.url, clock, maxAttempts: 3 }).send(
      toWebhookPayloads({ content: 'hello' }),
    );
    expect(result).toMatchObject({ ok: false, permanent: false });
    expect(r.received).toHaveLength(3);
    expect(waits).toEqual([500, 1000]);
  });

  it('stops at the overall deadline when the receiver never answers', async () => {
    const r = await receiver(() => ({ status: 200, body: { id: 'late' } }));
    const hang: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const result = await new DiscordSender({ webhookUrl: r.url, fetch: hang, deadlineMs: 50 }).send(
      toWebhookPayloads({ content: 'hello' }),
    );
    expect(result).toMatchObject({ ok: false, error: 'Discord delivery timed out' });
  });
});
