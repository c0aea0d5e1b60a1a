import { describe, expect, it } from 'vitest';
import type { FamilyClan } from '#contracts/admin-family';
import { clanLabel, clanName, familyCount, formatAddedOn, inFamilyOrder, webhookText } from './family-view';

const clan = (over: Partial<FamilyClan>): FamilyClan => ({
  tag: '#2PQ8L0C',
  name: 'Royal Lanterns',
  role: 'family',
  position: 1,
  addedAt: '2026-03-04T23:30:00.000Z',
  webhook: null,
  ...over,
});

describe('family view', () => {
  it('dates a clan by its UTC day', () => {
    expect(formatAddedOn('2026-03-04T23:30:00.000Z')).toBe('Mar 4, 2026');
  });

  it('stands in for the name until the clan is polled', () => {
    expect(clanName(clan({ name: null }))).toBe('Not polled yet');
    expect(clanName(clan({ name: '  ' }))).toBe('Not polled yet');
    expect(clanName(clan({}))).toBe('Royal Lanterns');
    expect(clanLabel(clan({ name: null }))).toBe('#2PQ8L0C');
    expect(clanLabel(clan({}))).toBe('Royal Lanterns (#2PQ8L0C)');
  });

  it('counts the clans against the limit', () => {
    expect(familyCount(3, 10)).toBe('3 of 10 clans');
  });

  it('puts the main clan first, then the family by position', () => {
    const order = inFamilyOrder([
      clan({ tag: '#C', position: 3 }),
      clan({ tag: '#M', role: 'main', position: 9 }),
      clan({ tag: '#B', position: 2 }),
    ]);
    expect(order.map((c) => c.tag)).toEqual(['#M', '#B', '#C']);
  });

  it('says where a clan’s messages go without ever showing the webhook’s token', () => {
    expect(webhookText(clan({ role: 'family' }))).toBe('No Discord webhook: this clan’s messages stay in its outbox.');
    const own = { source: 'clan' as const, host: 'discord.com', webhookId: '222', readable: true };
    expect(webhookText(clan({ webhook: own }))).toBe('Posts to its own webhook (discord.com · webhook 222)');
    expect(webhookText(clan({ role: 'main', webhook: { ...own, source: 'config' } }))).toBe(
      'Posts to DISCORD_WEBHOOK_URL (discord.com · webhook 222)',
    );
    expect(webhookText(clan({ webhook: { ...own, readable: false } }))).toMatch(/cannot be read/);
  });
});
