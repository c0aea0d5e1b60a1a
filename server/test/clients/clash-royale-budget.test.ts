import { describe, expect, it, vi } from 'vitest';
import { ClashRoyaleApiError, ClashRoyaleClient } from '#server/clients/clash-royale/index';
import { ManualClock } from '#server/lib/clock';
import { RequestBudget } from '#server/lib/request-budget';
import { UpstreamCounters } from '#server/lib/upstream-counters';

const CLAN = '#2PQ8L0C';
const locations = { items: [{ id: 57000006, name: 'International', isCountry: false }] };

/** A client over a fetch that answers `statuses` in turn (the last one repeats), on a manual clock. */
function metered(perMinute: number, statuses: number[], deadlineMs = 10_000) {
  const clock = new ManualClock('2026-11-22T12:00:00.000Z');
  const budget = new RequestBudget({ perMinute, clock });
  const counters = new UpstreamCounters(clock);
  let sent = 0;
  const client = new ClashRoyaleClient({
    baseUrl: 'https://api.example.test/v1',
    token: 'tok',
    clock,
    budget,
    counters,
    clanTag: CLAN,
    deadlineMs,
    fetch: async () => {
      const status = statuses[Math.min(sent++, statuses.length - 1)]!;
      return new Response(JSON.stringify(status === 200 ? locations : { reason: 'inMaintenance' }), { status });
    },
  });
  return { clock, budget, counters, client, sent: () => sent };
}

async function drain(budget: RequestBudget, clock: ManualClock): Promise<void> {
  while (await budget.take('poll', clock.now()));
}

describe('the Clash Royale client and the request budget', () => {
  it('takes a token for every attempt, retries included, and counts each for its clan', async () => {
    const { client, budget, counters, sent } = metered(60, [503, 503, 200]);
    // (the retries' backoff moves the manual clock, which refills the bucket by a jittered amount: count the takes)
    const take = vi.spyOn(budget, 'take');
    await client.getLocations();
    expect(sent()).toBe(3);
    expect(take.mock.calls.map(([priority]) => priority)).toEqual(['poll', 'poll', 'poll']);
    expect(await Promise.all(take.mock.results.map((r) => r.value))).toEqual([true, true, true]);
    expect(counters.lastHour()).toEqual([{ clanTag: CLAN, calls: 3, refused: 0 }]);
  });

  it('fails a call with no token by its deadline with reason budget, never sent and never retried', async () => {
    const { client, budget, counters, clock, sent } = metered(10, [200]);
    await drain(budget, clock);
    // 10 a minute is one token every 6 s: a 5 s deadline cannot wait for it
    const client5s = new ClashRoyaleClient({
      baseUrl: client.baseUrl,
      token: 'tok',
      clock,
      budget,
      counters,
      deadlineMs: 5_000,
      fetch: async () => new Response('{}'),
    });
    const err = await client5s
      .forClan(CLAN, 'poll')
      .getLocations()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClashRoyaleApiError);
    expect(err).toMatchObject({ reason: 'budget', transient: false, status: null });
    expect((err as ClashRoyaleApiError).userMessage).toMatch(
      /request budget \(CR_REQUESTS_PER_MINUTE=10\) for this minute/,
    );
    expect(sent()).toBe(0);
    expect(counters.lastHour()).toEqual([{ clanTag: CLAN, calls: 0, refused: 1 }]);
    // a refusal says nothing about the API's reachability
    expect(client5s.lastOutcome).toBeNull();
  });

  it('keeps the last quarter for polls: a page view is refused where a poll view still gets its call', async () => {
    const { client, budget, clock, counters, sent } = metered(12, [200], 4_000);
    // the page view may take 9 of 12 tokens; the 10th would wait 5 s for a token above the reserve, past its deadline
    for (let i = 0; i < 9; i++) await client.forClan(CLAN, 'page').getLocations();
    await expect(client.forClan(CLAN, 'page').getLocations()).rejects.toMatchObject({ reason: 'budget' });
    await client.forClan(CLAN, 'poll').getLocations();
    expect(sent()).toBe(10);
    expect(budget.available()).toBe(2);
    expect(clock.now().toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(counters.lastHour()).toEqual([{ clanTag: CLAN, calls: 10, refused: 1 }]);
  });
});
