/**
 * Step 0 of docs/decisions/100-clan-family-data-model.md ("Landable steps"): today's single-clan
 * answers, recorded. The default simulated clan (DEFAULT_SIM_CLAN_TAG, the demo's) runs on a manual
 * clock for one war week, from Monday 2026-11-23 09:00 UTC to the final Monday of the month,
 * 2026-11-30 17:00 UTC, under the real scheduler and war snapshot job (helpers/war-timeline.ts):
 * the snapshot polls, the inactive-players day reports, the war reminders, two river-race-log runs and
 * two monthly-fame runs (the second on the final Monday, posting the month's top 20). On the Thursday,
 * a battle day, every public answer is fetched; at the end every public answer again (every GET
 * under /api/clan… and /api/leader, the member pages of a few members, a never-seen tag and a bad
 * one) and, signed in as the admin, each script's history and schedule, the War report (CSV too),
 * the Discord outbox and the other clan-scoped admin reads. Each answer (status, content type,
 * body) is compared byte for byte with its file in server/test/fixtures/single-clan/.
 *
 * Then step 2's proof: a second clan's rows seeded into every clan table (helpers/other-clan.ts) and the end answers
 * fetched again, every one still equal to its file.
 *
 * Left out on purpose: the database viewer (it lists table columns, and step 1 adds `clan_tag` to
 * each), the system card (it names the engine) and the audit log (it records this test's login).
 *
 * The family refactor must leave every file unchanged on both engines (with DEMO_FAMILY=0 once that
 * setting exists: the test then sets it). To record them anew after a deliberate change of an answer:
 *
 *   UPDATE_SINGLE_CLAN=1 npx vitest run server/test/app/single-clan-answers.test.ts
 *
 * which writes the files from SQLite (the old ones removed first) and still compares PostgreSQL's
 * answers with them when TEST_DATABASE_URL is set: the fixtures are one for both engines.
 *
 * Nothing is normalised. Every time in these answers comes from the manual clock; run durations
 * are clock differences (the clock moves only when code sleeps on it); ids are the database's
 * sequences, which both engines number alike here (no insert is rolled back). What is random in
 * the app (captcha ids, session tokens, lease holders) never appears in a recorded body.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCRIPT_IDS, SCRIPT_URL_SEGMENTS } from '#contracts/admin-scripts';
import { DEFAULT_SIM_CLAN_TAG } from '#server/simulator/index';
import { AnswerFixtures, type RecordedAnswer } from '#test/helpers/answer-fixtures';
import { bearer, loginToken } from '#test/helpers/auth';
import { routesOf } from '#test/helpers/route-table';
import { engines } from '#test/helpers/test-db';
import { seedOtherClan } from '#test/helpers/other-clan';
import { reportedDays, warTimeline, type WarTimeline } from '#test/helpers/war-timeline';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'single-clan');
const UPDATE = process.env.UPDATE_SINGLE_CLAN === '1';
const START = '2026-11-23T09:00:00.000Z'; // Monday
const MIDWEEK = '2026-11-26T12:00:00.000Z'; // Thursday, battle day 1
const END = '2026-11-30T17:00:00.000Z'; // the final Monday of November, after its 11:00 New York runs
/** a tag in the right alphabet that the simulator never deals out, and one that is no tag at all */
const NEVER_SEEN = '#2222222';
const NOT_A_TAG = 'not-a-tag';
/** the public GETs to fetch: under /api/clan… and /api/leader */
const isPublic = (url: string) => url === '/api/leader' || url === '/api/clan' || url.startsWith('/api/clan/');

async function answer(w: WarTimeline, url: string, headers: Record<string, string> = {}): Promise<RecordedAnswer> {
  const res = await w.t.app.inject({ method: 'GET', url, headers });
  const contentType = res.headers['content-type'] === undefined ? null : String(res.headers['content-type']);
  const body: unknown = contentType?.startsWith('application/json') ? res.json() : res.body;
  return { request: `GET ${url}`, status: res.statusCode, contentType, body };
}

/** The public URLs of the route table, `:tag` filled with each of `tags`; fails on a parameter it cannot fill. */
function publicUrls(w: WarTimeline, tags: string[]): string[] {
  const patterns = [
    ...new Set(
      routesOf(w.t.app)
        .filter((r) => r.method === 'GET' && isPublic(r.url))
        .map((r) => r.url),
    ),
  ];
  return patterns.sort().flatMap((p) => {
    if (!p.includes(':')) return [p];
    if (p.replace(':tag', '').includes(':'))
      throw new Error(`a public route with a parameter this test cannot fill: ${p}`);
    return tags.map((tag) => p.replace(':tag', encodeURIComponent(tag)));
  });
}

/** Three members of the roster as the members answer lists them: the first, the middle one and the last. */
function someMembers(members: RecordedAnswer): string[] {
  const list = (members.body as { members: { playerTag: string }[] }).members;
  expect(list.length).toBeGreaterThan(3);
  return [...new Set([0, Math.floor(list.length / 2), list.length - 1].map((i) => list[i]!.playerTag))];
}

async function recordPublic(w: WarTimeline, fixtures: AnswerFixtures, moment: string): Promise<string[]> {
  const members = await answer(w, '/api/clan/members');
  expect(members.status).toBe(200);
  const tags = someMembers(members);
  for (const url of publicUrls(w, [...tags, NEVER_SEEN, NOT_A_TAG]))
    fixtures.record(`${moment} ${url}`, url === '/api/clan/members' ? members : await answer(w, url));
  return tags;
}

async function recordAdmin(w: WarTimeline, fixtures: AnswerFixtures, tags: string[]): Promise<void> {
  const headers = bearer(await loginToken(w.t.app));
  const urls = [
    '/api/admin/scripts',
    ...SCRIPT_IDS.flatMap((id) => [
      `/api/admin/${id}/history?limit=100`,
      `/api/admin/${SCRIPT_URL_SEGMENTS[id]}/schedule`,
    ]),
    '/api/admin/discord-outbox',
    '/api/admin/war-report',
    '/api/admin/war-report/members',
    ...tags.map((tag) => `/api/admin/war-report/members/${encodeURIComponent(tag)}`),
    '/api/admin/war-report/csv',
    '/api/admin/war-rules',
    '/api/admin/members',
    '/api/admin/absences',
    '/api/admin/reminders',
    '/api/admin/alerts',
    '/api/admin/templates',
  ];
  for (const url of urls) {
    const a = await answer(w, url, headers);
    expect(a.status, `GET ${url}`).toBe(200);
    // the outbox answer lists the 50 newest: the week's messages must all fit in it
    if (url === '/api/admin/discord-outbox')
      expect((a.body as { messages: unknown[] }).messages.length).toBeLessThan(50);
    fixtures.record(`end ${url}`, a);
  }
}

let written = false;

describe.each(engines)('the single-clan answers of a simulated war week (%s)', (engine) => {
  it('answers every public and admin read as recorded in server/test/fixtures/single-clan', async () => {
    const fixtures = new AnswerFixtures(FIXTURES, UPDATE && !written);
    if (fixtures.update) fixtures.reset();
    const w = await warTimeline(engine, START);
    try {
      expect(w.t.config.CLAN_TAG).toBe(DEFAULT_SIM_CLAN_TAG);
      await w.start();
      await w.driveUntil(MIDWEEK);
      await recordPublic(w, fixtures, 'thursday');
      await w.driveUntil(END);
      const tags = await recordPublic(w, fixtures, 'end');
      await recordAdmin(w, fixtures, tags);
      // Step 2: another clan's rows in every clan table change none of these answers (the public cache still
      // holds what it answered a moment ago; every other read goes to the tables again).
      await seedOtherClan(w.t.db.kysely);
      const again = new AnswerFixtures(FIXTURES, false);
      await recordPublic(w, again, 'end');
      await recordAdmin(w, again, tags);

      // What the week must have run, so the fixtures cover it.
      const done = (id: string) => w.runs.filter((r) => r.scriptId === id && r.status === 'completed');
      expect(done('river-race-log').length).toBeGreaterThanOrEqual(2);
      expect(done('monthly-fame').length).toBeGreaterThanOrEqual(2);
      expect(reportedDays(w.runs).length).toBeGreaterThanOrEqual(4);
      expect(done('war-reminders').length).toBeGreaterThanOrEqual(1);
      if (fixtures.update) written = true;
      else fixtures.expectNoneLeftOver();
    } finally {
      await w.close();
    }
  }, 60_000);
});
