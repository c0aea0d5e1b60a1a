import { describe, expect, it } from 'vitest';
import { ClashRoyaleApiError, ClashRoyaleClient, ROYALEAPI_PROXY_IP } from '../../src/clients/clash-royale/index.js';

type Reply = { status: number; body: unknown; headers?: Record<string, string> } | 'drop';

/** A fetch that answers from a script of replies and records what was asked. */
function scripted(replies: Reply[]) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetchImpl = async (url: string, init: RequestInit): Promise<Response> => {
    calls.push({ url, headers: init.headers as Record<string, string> });
    const reply = replies[Math.min(calls.length - 1, replies.length - 1)]!;
    if (reply === 'drop') throw new TypeError('fetch failed');
    return new Response(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body), {
      status: reply.status,
      headers: reply.headers,
    });
  };
  return { calls, fetchImpl };
}

function client(replies: Reply[], extra: Partial<ConstructorParameters<typeof ClashRoyaleClient>[0]> = {}) {
  const { calls, fetchImpl } = scripted(replies);
  const waits: number[] = [];
  const c = new ClashRoyaleClient({
    baseUrl: 'https://api.example.test/v1/',
    token: 'tok',
    fetch: fetchImpl,
    clock: {
      sleep: async (ms) => {
        waits.push(ms);
      },
    },
    ...extra,
  });
  return { c, calls, waits };
}

const locations = {
  status: 200,
  body: { items: [{ id: 57000006, name: 'International', isCountry: false }], paging: { cursors: {} } },
};

describe('ClashRoyaleClient', () => {
  it('normalises and encodes tags, sends the token and a User-Agent', async () => {
    const { c, calls } = client([{ status: 404, body: { reason: 'notFound' } }]);
    await expect(c.getClan(' 2pq8loc ')).rejects.toThrow();
    expect(calls[0]!.url).toBe('https://api.example.test/v1/clans/%232PQ8L0C');
    expect(calls[0]!.headers.authorization).toBe('Bearer tok');
    expect(calls[0]!.headers['user-agent']).toMatch(/ClanOps/);
  });

  it('refuses an invalid tag without calling the API', async () => {
    const { c, calls } = client([locations]);
    await expect(c.getPlayer('#ABC!')).rejects.toMatchObject({ reason: 'badRequest' });
    expect(calls).toHaveLength(0);
  });

  it('retries 429 honouring Retry-After, capped', async () => {
    const { c, calls, waits } = client(
      [
        { status: 429, body: { reason: 'requestThrottled' }, headers: { 'retry-after': '2' } },
        { status: 429, body: { reason: 'requestThrottled' }, headers: { 'retry-after': '600' } },
        locations,
      ],
      { retryAfterCapMs: 5000 },
    );
    const result = await c.getLocations();
    expect(result.items[0]!.name).toBe('International');
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([2000, 5000]);
  });

  it('retries 503 maintenance with growing backoff, then gives up with a typed error', async () => {
    const { c, calls, waits } = client([{ status: 503, body: { reason: 'inMaintenance' } }], {
      maxAttempts: 3,
      backoffBaseMs: 100,
    });
    const err = await c.getLocations().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClashRoyaleApiError);
    expect(err).toMatchObject({ status: 503, reason: 'inMaintenance', endpoint: '/locations' });
    expect((err as ClashRoyaleApiError).userMessage).toMatch(/maintenance/);
    expect(calls).toHaveLength(3);
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
  });

  it('does not retry a 404 or a plain 403', async () => {
    for (const reply of [
      { status: 404, body: { reason: 'notFound' } },
      { status: 403, body: { reason: 'accessDenied', message: 'Invalid authorization' } },
    ]) {
      const { c, calls } = client([reply, locations]);
      await expect(c.getLocations()).rejects.toMatchObject({ status: reply.status });
      expect(calls).toHaveLength(1);
    }
  });

  it('reads the IP from an invalidIp refusal and tells the leader what to whitelist', async () => {
    const seen: string[] = [];
    const { c } = client(
      [
        {
          status: 403,
          body: {
            reason: 'accessDenied.invalidIp',
            message: 'Invalid authorization: API key does not allow access from IP 203.0.113.7',
          },
        },
      ],
      {
        onInvalidIp: (ip) => seen.push(ip),
      },
    );
    const err = (await c.getLocations().catch((e: unknown) => e)) as ClashRoyaleApiError;
    expect(err.reason).toBe('accessDenied.invalidIp');
    expect(err.ip).toBe('203.0.113.7');
    expect(err.userMessage).toContain('203.0.113.7');
    expect(err.userMessage).toContain('developer.clashroyale.com');
    expect(err.userMessage).toContain(ROYALEAPI_PROXY_IP);
    expect(seen).toEqual(['203.0.113.7']);
    expect(c.lastInvalidIp?.ip).toBe('203.0.113.7');
  });

  it('turns malformed JSON and unexpected shapes into badResponse without retrying', async () => {
    const { c, calls } = client([{ status: 200, body: '{"items": [' }, locations]);
    await expect(c.getLocations()).rejects.toMatchObject({ reason: 'badResponse' });
    expect(calls).toHaveLength(1);
    const shape = client([{ status: 200, body: { items: 'nope' } }]);
    await expect(shape.c.getLocations()).rejects.toMatchObject({ reason: 'badResponse' });
  });

  it('retries a dropped connection as a network error', async () => {
    const { c, calls } = client(['drop', locations]);
    await expect(c.getLocations()).resolves.toMatchObject({ items: [{ id: 57000006 }] });
    expect(calls).toHaveLength(2);
  });

  it('gives up at the overall deadline with a timeout error', async () => {
    const hanging = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
      );
    const c = new ClashRoyaleClient({ token: 't', fetch: hanging, deadlineMs: 30 });
    await expect(c.getLocations()).rejects.toMatchObject({ reason: 'timeout', status: null });
  });

  it('keeps at most maxConcurrency requests in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const slow = async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setImmediate(r));
      inFlight--;
      return new Response(JSON.stringify(locations.body), { status: 200 });
    };
    const c = new ClashRoyaleClient({ token: 't', fetch: slow, maxConcurrency: 3 });
    await Promise.all(Array.from({ length: 10 }, () => c.getLocations()));
    expect(peak).toBe(3);
  });

  it('builds ranking and log paths', async () => {
    const { c, calls } = client([{ status: 200, body: { items: [], paging: { cursors: {} } } }]);
    await c.getClanRankings('global');
    await c.getClanWarRankings(57000249, { limit: 50 });
    await c.getRiverRaceLog('#2PQ8L0C', { limit: 2 }).catch(() => undefined);
    expect(calls.map((x) => x.url.replace('https://api.example.test/v1', ''))).toEqual([
      '/locations/global/rankings/clans',
      '/locations/57000249/rankings/clanwars?limit=50',
      '/clans/%232PQ8L0C/riverracelog?limit=2',
    ]);
  });
});
