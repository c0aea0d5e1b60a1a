import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '#server/lib/clock';
import { ADMIN_ENV, bearer, loginToken } from '#test/helpers/auth';
import { BRAVO, SEED_NOW, seedMemberHistory } from '#test/helpers/member-page-seed';
import { buildTestApp, type TestApp } from '#test/helpers/test-app';
import { engines } from '#test/helpers/test-db';

/** Headers that belong to one response only. */
const OWN = new Set(['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);
const shared = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !OWN.has(k)));

/**
 * A member's page (docs/architecture.md §5): cached like the members list, since it changes once a war poll: the same
 * headers and compression, computed again after 5 minutes. Absence reasons show on it only when the player's clan
 * made them public (docs/decisions/116-absence-reasons-private.md).
 */
describe.each(engines)('the member page, cached and private by default (%s)', (engine) => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  async function start() {
    const clock = new ManualClock(SEED_NOW);
    t = await buildTestApp({ engine, clock, env: ADMIN_ENV });
    await seedMemberHistory(t.db.kysely);
    const excuse = (reason: string | null) =>
      t!.db.kysely
        .insertInto('excused_absences')
        .values({
          player_tag: BRAVO,
          starts_on: '2026-11-26',
          ends_on: '2026-11-29',
          reason,
          status: 'approved',
          requested_by: 'admin',
          decided_by: 'admin',
          created_at: SEED_NOW,
          decided_at: SEED_NOW,
        })
        .execute();
    const page = async () =>
      (await t!.app.inject({ url: `/api/clan/members/${encodeURIComponent(BRAVO)}/history` })).json() as {
        excused: { startsOn: string; reason: string | null }[];
      };
    return { clock, excuse, page };
  }

  it('answers with the members list’s headers and compression, and is computed again after 5 minutes', async () => {
    const { clock, excuse, page } = await start();
    const url = `/api/clan/members/${encodeURIComponent(BRAVO)}/history`;
    const brotli = await t!.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    const members = await t!.app.inject({ url: '/api/clan/members', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.statusCode).toBe(200);
    expect(members.statusCode).toBe(200);
    expect(shared(brotli.headers)).toEqual(shared(members.headers));
    expect(brotli.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'content-encoding': 'br',
      vary: 'accept-encoding',
    });
    const plain = await t!.app.inject({ url });
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);

    // an absence approved now shows once the page is computed again
    await excuse(null);
    expect((await page()).excused).toEqual([]);
    clock.advance(4 * 60_000);
    expect((await page()).excused).toEqual([]);
    clock.advance(61_000);
    expect((await page()).excused).toEqual([{ startsOn: '2026-11-26', endsOn: '2026-11-29', reason: null }]);
  });

  it('shows absence reasons to anyone only when the clan chooses so', async () => {
    const { clock, excuse, page } = await start();
    await excuse('knee surgery');
    expect((await page()).excused).toEqual([{ startsOn: '2026-11-26', endsOn: '2026-11-29', reason: null }]);

    const token = await loginToken(t!.app);
    const admin = (method: 'GET' | 'PUT', payload?: object) =>
      t!.app.inject({
        method,
        url: '/api/admin/absences/reasons',
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
    expect((await admin('GET')).json()).toEqual({ public: false });
    // the admin still reads the reason
    const list = (await t!.app.inject({ url: '/api/admin/absences', headers: bearer(token) })).json();
    expect(list.absences[0]).toMatchObject({ playerTag: BRAVO, reason: 'knee surgery' });

    expect((await admin('PUT', { public: 'yes' })).statusCode).toBe(400);
    expect((await admin('PUT', { public: true })).json()).toEqual({ public: true });
    clock.advance(5 * 60_000);
    expect((await page()).excused).toEqual([{ startsOn: '2026-11-26', endsOn: '2026-11-29', reason: 'knee surgery' }]);
    expect((await admin('PUT', { public: false })).json()).toEqual({ public: false });
    clock.advance(5 * 60_000);
    expect((await page()).excused).toEqual([{ startsOn: '2026-11-26', endsOn: '2026-11-29', reason: null }]);
  });
});
