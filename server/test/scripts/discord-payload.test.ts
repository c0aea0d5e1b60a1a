import { describe, expect, it } from 'vitest';
import {
  DISCORD_LIMITS,
  embedLength,
  toWebhookPayloads,
  type WebhookPayload,
} from '../../src/clients/discord/payload.js';

const totalEmbedChars = (p: WebhookPayload) => (p.embeds ?? []).reduce((n, e) => n + embedLength(e), 0);

// docs/clash-royale-api.md §10: content ≤ 2000, ≤ 10 embeds, embed limits, 6000 total, allowed_mentions always
describe('Discord payload splitting', () => {
  it('keeps a short message whole and never lets it ping', () => {
    expect(toWebhookPayloads({ content: 'Hi @everyone <@123>' })).toEqual([
      { content: 'Hi @everyone <@123>', allowed_mentions: { parse: [] } },
    ]);
  });

  it('splits long content on line breaks, every part within 2000 characters, nothing lost', () => {
    const lines = Array.from({ length: 120 }, (_, i) => `- Player number ${i} (#TAG${i}) used 0/4 decks`);
    const payloads = toWebhookPayloads({ content: lines.join('\n') });
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) {
      expect(p.content!.length).toBeLessThanOrEqual(DISCORD_LIMITS.content);
      expect(p.allowed_mentions).toEqual({ parse: [] });
    }
    expect(payloads.map((p) => p.content).join('\n')).toBe(lines.join('\n'));
  });

  it('hard-splits a line longer than the limit without breaking an emoji', () => {
    const payloads = toWebhookPayloads({ content: '👑'.repeat(1500) });
    expect(payloads.every((p) => p.content!.length <= 2000)).toBe(true);
    expect(payloads.map((p) => p.content).join('')).toBe('👑'.repeat(1500));
  });

  it('fits embeds: long descriptions and many fields are split, labels truncated, 10 embeds and 6000 characters per message', () => {
    const fields = Array.from({ length: 60 }, (_, i) => ({ name: `Field ${i}`, value: 'x'.repeat(300) }));
    const payloads = toWebhookPayloads({
      content: 'Report',
      embeds: [
        { title: 'T'.repeat(300), description: 'd'.repeat(9000), fields },
        ...Array.from({ length: 12 }, (_, i) => ({ title: `E${i}`, description: 'e' })),
      ],
    });
    for (const p of payloads) {
      expect(p.embeds?.length ?? 0).toBeLessThanOrEqual(10);
      expect(totalEmbedChars(p)).toBeLessThanOrEqual(6000);
      for (const e of p.embeds ?? []) {
        expect(e.title?.length ?? 0).toBeLessThanOrEqual(256);
        expect(e.description?.length ?? 0).toBeLessThanOrEqual(4096);
        expect(e.fields?.length ?? 0).toBeLessThanOrEqual(25);
      }
    }
    const all = payloads.flatMap((p) => p.embeds ?? []);
    expect(all.map((e) => e.description ?? '').join('')).toContain('d'.repeat(9000));
    expect(all.flatMap((e) => e.fields ?? [])).toHaveLength(60);
    expect(payloads[0]!.content).toBe('Report');
  });

  it('splits a field value over 1024 characters into continued fields', () => {
    const [payload] = toWebhookPayloads({ embeds: [{ fields: [{ name: 'Players', value: 'p'.repeat(2500) }] }] });
    const fields = payload!.embeds![0]!.fields!;
    expect(fields.map((f) => f.name)).toEqual(['Players', 'Players (cont.)', 'Players (cont.)']);
    expect(fields.every((f) => f.value.length <= 1024)).toBe(true);
  });
});
