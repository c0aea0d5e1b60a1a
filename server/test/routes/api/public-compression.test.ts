import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { membersResponseSchema } from '#contracts/public';
import { ADMIN_ENV, bearer, loginToken } from '../../helpers/auth.js';
import { publicHarness, type PublicHarness } from '../../helpers/public-api.js';
import { DEFAULT_SIM_CLAN_TAG as CLAN } from '#server/simulator/simulator';

let h: PublicHarness;
afterEach(async () => {
  vi.restoreAllMocks();
  await h?.close();
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  h.t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? headers : { ...headers, 'accept-encoding': acceptEncoding },
  });

/** The bytes as a client that decodes them reads them, by Node's own decoders. */
function decoded(res: Awaited<ReturnType<typeof get>>): unknown {
  const raw = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  const text =
    encoding === 'br'
      ? zlib.brotliDecompressSync(raw)
      : encoding === 'gzip'
        ? zlib.gunzipSync(raw)
        : encoding === undefined
          ? raw
          : null;
  if (text === null) throw new Error(`unexpected content-encoding ${String(encoding)}`);
  return JSON.parse(text.toString('utf8'));
}

/** `count` finished war weeks of five players each, as the river-race-log script stores them. */
async function storeWeeks(harness: PublicHarness, count: number) {
  const storedAt = harness.clock.now().toISOString();
  const rows = Array.from({ length: count }, (_, w) =>
    Array.from({ length: 5 }, (_, p) => ({
      clan_tag: CLAN,
      season_id: 130 + Math.floor(w / 4),
      section_index: w % 4,
      player_tag: `#P${p}Q${p}`,
      player_name: `Player ${p}`,
      fame: 1000 + 100 * p + w,
      decks_used: 16,
      boat_attacks: 0,
      repair_points: 0,
      was_member_at_end: 1,
      created_date: new Date(Date.parse('2026-08-03T09:40:00.000Z') + w * 7 * 86_400_000).toISOString(),
      clan_rank: 1 + (w % 5),
      trophy_change: 20,
      clan_fame: 5000 + w,
      stored_at: storedAt,
    })),
  ).flat();
  await harness.t.db.kysely.insertInto('river_race_data').values(rows).execute();
}

describe('compressed public answers', () => {
  it('/api/clan/members: brotli to a browser, gzip without brotli, plain without either; the same JSON each time', async () => {
    h = await publicHarness();
    const plain = await get('/api/clan/members');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const members = membersResponseSchema.parse(plain.json());
    expect(members.members.length).toBe(h.sim.state.membersAt(h.clock.now()).length);

    const cases: [string, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      ['zstd', undefined],
    ];
    for (const [accept, expected] of cases) {
      const res = await get('/api/clan/members', accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(res.headers.vary, accept).toBe('accept-encoding');
      expect(res.headers['content-type'], accept).toBe('application/json; charset=utf-8');
      expect(decoded(res), accept).toEqual(members);
    }
    const br = await get('/api/clan/members', 'br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it('compresses a cached body once, not per request', async () => {
    h = await publicHarness();
    await get('/api/clan/members', 'br');
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    const gzip = vi.spyOn(zlib, 'gzipSync');
    for (let i = 0; i < 5; i++) {
      expect((await get('/api/clan/members', i % 2 ? 'gzip' : 'br')).statusCode).toBe(200);
      expect((await get('/api/clan', 'br')).statusCode).toBe(200);
    }
    // /api/clan is new here: its one body is compressed once; the members body was compressed before the spies.
    expect(brotli).toHaveBeenCalledTimes(1);
    expect(gzip).toHaveBeenCalledTimes(1);
  });

  it('a new cached value is sent compressed as its own new bytes', async () => {
    h = await publicHarness();
    const before = decoded(await get('/api/clan', 'br')) as { asOf: string };
    h.clock.advance(60 * 60 * 1000);
    const after = decoded(await get('/api/clan', 'br')) as { asOf: string };
    expect(after.asOf).toBe(h.clock.now().toISOString());
    expect(after.asOf).not.toBe(before.asOf);
  });

  it('other public answers of 1 KB or more are compressed too; the admin API never is', async () => {
    h = await publicHarness({ env: ADMIN_ENV });
    await storeWeeks(h, 12);
    const lastWar = await get('/api/clan/war/last-war', 'gzip, deflate, br');
    const plain = await get('/api/clan/war/last-war');
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);
    expect(lastWar.headers['content-encoding']).toBe('br');
    expect(decoded(lastWar)).toEqual(plain.json());

    const token = await loginToken(h.t.app);
    const admin = await get('/api/admin/war-report/members/%23P1Q1', 'gzip, deflate, br', bearer(token));
    expect(admin.statusCode).toBe(200);
    expect(admin.rawPayload.length).toBeGreaterThanOrEqual(1024);
    expect(admin.headers['content-encoding']).toBeUndefined();
  });
});
