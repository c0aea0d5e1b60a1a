import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '#server/lib/clock';
import { bearer, loginToken } from '#test/helpers/auth';
import { routesOf } from '#test/helpers/route-table';
import { scriptTestApp } from '#test/helpers/scripts';
import type { TestApp } from '#test/helpers/test-app';
import { engines } from '#test/helpers/test-db';

/**
 * Notes, strikes and the watch list are leaders' data (docs/leaders-memory.md): after a leader writes each for a member
 * of the clan, every public GET of the route table (its `:tag` the member, its `:clan` the clan) is read, and none of
 * their words is in any answer.
 */
const WORDS = ['Zephyr-note-7731', 'Zephyr-strike-7731', 'Zephyr-watch-7731'];

describe.each(engines)('leaders’ data on public pages and APIs (%s)', (engine) => {
  let t: TestApp;
  let tag: string;
  beforeAll(async () => {
    t = await scriptTestApp(engine, new ManualClock('2026-11-25T12:00:00.000Z'));
    const headers = bearer(await loginToken(t.app));
    await t.app.services.scripts.runNow(t.app.services.scripts.find('inactive-players')!, 'manual');
    const members = (await t.app.inject({ url: '/api/clan/members' })).json() as { members: { playerTag: string }[] };
    tag = members.members[0]!.playerTag;
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });
    expect(
      (await post('/api/admin/leaders/notes', { playerTag: tag, kind: 'note', reason: WORDS[0] })).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/admin/leaders/notes', { playerTag: tag, kind: 'strike', reason: WORDS[1] })).statusCode,
    ).toBe(200);
    expect((await post('/api/admin/leaders/watch-list', { playerTag: tag, reason: WORDS[2] })).statusCode).toBe(200);
    const leaders = await t.app.inject({ url: `/api/admin/leaders/members/${encodeURIComponent(tag)}`, headers });
    for (const word of WORDS.slice(0, 3)) expect(leaders.body).toContain(word);
  }, 120_000);
  afterAll(() => t?.close());

  it('no public answer holds a note, a strike or a watch-list reason', async () => {
    const clan = t.app.ctx.clans.main.tag;
    const urls = [
      ...new Set(
        routesOf(t.app)
          .filter((r) => r.method === 'GET' && !r.url.startsWith('/api/admin') && !r.url.includes('*'))
          .map((r) => r.url.replace(':tag', encodeURIComponent(tag)).replace(':clan', encodeURIComponent(clan))),
      ),
    ];
    expect(urls.filter((u) => u.includes(':'))).toEqual([]);
    expect(urls).toEqual(
      expect.arrayContaining(['/api/clan/members', `/api/clan/members/${encodeURIComponent(tag)}/history`]),
    );
    let answered = 0;
    for (const url of urls) {
      const res = await t.app.inject({ url });
      if (res.statusCode === 200) answered++;
      for (const word of WORDS) expect(res.body, url).not.toContain(word);
    }
    expect(answered).toBeGreaterThan(10);
  });
});
