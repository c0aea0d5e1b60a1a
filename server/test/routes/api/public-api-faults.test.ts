import { afterEach, describe, expect, it } from 'vitest';
import type { Fault } from '#server/simulator/index';
import { publicHarness, type PublicHarness } from '../../helpers/public-api.js';

let h: PublicHarness;
afterEach(async () => h?.close());

const faults: { name: string; fault: Fault; status: number; code: string; message: RegExp }[] = [
  {
    name: '429 throttled',
    fault: { kind: 'throttle', retryAfterSeconds: 1 },
    status: 503,
    code: 'CR_REQUEST_THROTTLED',
    message: /limiting/,
  },
  {
    name: '503 maintenance',
    fault: { kind: 'maintenance' },
    status: 503,
    code: 'CR_IN_MAINTENANCE',
    message: /maintenance/,
  },
  {
    name: '403 invalidIp',
    fault: { kind: 'invalidIp', ip: '203.0.113.9' },
    status: 502,
    code: 'CR_ACCESS_DENIED_INVALID_IP',
    message: /203\.0\.113\.9.*developer\.clashroyale\.com/,
  },
  {
    name: 'slow answer past the deadline',
    fault: { kind: 'latency', ms: 5000 },
    status: 502,
    code: 'CR_TIMEOUT',
    message: /did not answer in time/,
  },
  { name: 'dropped connection', fault: { kind: 'drop' }, status: 502, code: 'CR_NETWORK', message: /Could not reach/ },
  {
    name: 'malformed JSON',
    fault: { kind: 'malformed' },
    status: 502,
    code: 'CR_BAD_RESPONSE',
    message: /could not read/,
  },
];

describe('upstream faults with nothing cached: a human error and 502/503', () => {
  for (const f of faults) {
    it(f.name, async () => {
      h = await publicHarness({ deadlineMs: 300 });
      h.sim.setFault('*', f.fault);
      for (const path of ['/api/clan', '/api/clan/members', '/api/leader', '/api/clan/rankings']) {
        const { status, body } = await h.get(path);
        expect(status, path).toBe(f.status);
        expect(body.code).toBe(f.code);
        expect(body.error).toMatch(f.message);
      }
      h.sim.clearFaults();
      h.clock.advance(60_000);
      expect((await h.get('/api/clan')).status).toBe(200);
    });
  }
});

describe('upstream faults with a value cached: the last good value, stale, with its asOf', () => {
  for (const f of faults) {
    it(f.name, async () => {
      h = await publicHarness({ deadlineMs: 300 });
      const first = await h.get('/api/clan/members');
      const clan = await h.get('/api/clan');
      h.clock.advance(10 * 60_000);
      h.sim.setFault('*', f.fault);
      const staleMembers = await h.get('/api/clan/members');
      const staleClan = await h.get('/api/clan');
      expect(staleMembers.status).toBe(200);
      expect(staleMembers.body).toMatchObject({ stale: true, asOf: first.body.asOf, members: first.body.members });
      expect(staleClan.body).toMatchObject({ stale: true, asOf: clan.body.asOf, clanScore: clan.body.clanScore });
    });
  }
});

describe('retries and recovery', () => {
  it('a single 429 is retried and the answer is fresh', async () => {
    h = await publicHarness();
    h.sim.setFault('clan', { kind: 'throttle', retryAfterSeconds: 1 }, { times: 1 });
    const { status, body } = await h.get('/api/clan');
    expect(status).toBe(200);
    expect(body.stale).toBe(false);
    expect(h.sim.requests('clan')).toBe(2);
  });

  it('a 403 invalidIp makes /api/current-ip report the IP the API saw', async () => {
    h = await publicHarness();
    h.sim.setFault('clan', { kind: 'invalidIp', ip: '192.0.2.44' });
    expect((await h.get('/api/clan')).status).toBe(502);
    expect((await h.get('/api/current-ip')).body).toEqual({ currentIP: '192.0.2.44' });
  });

  it('the stale value survives a restart through the api_cache table', async () => {
    h = await publicHarness();
    const first = await h.get('/api/clan');
    const { buildApp } = await import('#server/app');
    const { fromSimulator } = await import('#server/clients/clash-royale/access');
    h.clock.advance(10 * 60_000);
    h.sim.setFault('*', { kind: 'maintenance' });
    const again = await buildApp({
      config: h.t.config,
      db: h.t.db,
      clock: h.clock,
      logger: false,
      deps: undefined,
      clashRoyale: fromSimulator(h.sim, { client: { clock: { sleep: async () => undefined } } }),
    } as never);
    const res = await again.inject({ method: 'GET', url: '/api/clan' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ stale: true, asOf: first.body.asOf, name: first.body.name });
    await again.close();
  });
});
