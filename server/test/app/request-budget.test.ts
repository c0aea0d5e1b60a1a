import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { openDatabase } from '#server/db/database';
import { ManualClock } from '#server/lib/clock';
import { startSimulator, type Simulator } from '#server/simulator/index';
import { bearer, loginToken } from '#test/helpers/auth';
import { scriptTestApp } from '#test/helpers/scripts';
import { engines } from '#test/helpers/test-db';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

interface MembersBody {
  members: { tag: string; name: string; kingLevel: number | null }[];
  asOf: string;
  stale: boolean;
}

// docs/decisions/101-request-budget.md: the live client (CR_API_TOKEN) talks to the simulator over HTTP.
describe.each(engines)('the Clash Royale request budget (%s)', (engine) => {
  it('serves the members table stale when the budget is spent, while a war poll still gets its calls', async () => {
    const clock = new ManualClock('2026-11-19T15:00:00.000Z');
    const sim: Simulator = await startSimulator({ clock, seed: 7 });
    cleanups.push(() => sim.close());
    const live = { CR_API_TOKEN: 'test-token', CR_API_BASE_URL: sim.url };

    // An instance with the default budget fills the members table (one clan call and a profile per member).
    const roomy = await scriptTestApp(engine, clock, {}, live);
    cleanups.push(roomy.close);
    const first = await roomy.app.inject({ method: 'GET', url: '/api/clan/members' });
    expect(first.statusCode).toBe(200);
    const full = first.json<MembersBody>();
    expect(full.stale).toBe(false);
    expect(sim.requests('player')).toBe(full.members.length);

    // Restarted on the same database with 10 calls a minute, after the table's 5 minutes of freshness.
    clock.advance(6 * 60_000);
    const db = openDatabase(roomy.db.url ? { databaseUrl: roomy.db.url } : { sqliteFile: roomy.db.file });
    const config = { ...roomy.config, CR_REQUESTS_PER_MINUTE: 10 };
    const app = await buildApp({ config, db, clock, logger: false, scripts: { autoStart: false } });
    cleanups.push(async () => {
      await app.close();
      await db.close();
    });
    await app.ready();
    sim.resetCounters();

    // Visitors open the other public pages first: their refreshes take the page's share of this minute.
    for (const url of ['/api/clan', '/api/leader', '/api/clan/rankings']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    const before = { clan: sim.requests('clan'), player: sim.requests('player') };
    const refreshed = await app.inject({ method: 'GET', url: '/api/clan/members' });
    expect(refreshed.statusCode).toBe(200);
    const stale = refreshed.json<MembersBody>();
    // the refresh could not ask for every profile: the last full table is served, marked stale
    expect(sim.requests('clan')).toBe(before.clan + 1);
    expect(sim.requests('player') - before.player).toBeLessThan(full.members.length);
    expect(stale).toMatchObject({ stale: true, asOf: full.asOf, members: full.members });

    // The war poll takes its calls from the quarter the page may not touch.
    const inactive = app.services.scripts.find('inactive-players')!;
    const run = await app.services.scripts.runNow(inactive);
    expect(run.status).toBe('completed');
    expect(sim.requests('currentriverrace')).toBe(1);
    expect(sim.requests('members')).toBe(1);
    expect(sim.requests('riverracelog')).toBe(1);

    // The system card counts what the simulator received in this hour, and the refused call.
    const token = await loginToken(app);
    const card = await app.inject({ method: 'GET', url: '/api/admin/system', headers: bearer(token) });
    expect(card.statusCode).toBe(200);
    const api = card.json<{ clashRoyaleApi: Record<string, unknown> }>().clashRoyaleApi;
    expect(api.budget).toMatchObject({ perMinute: 10 });
    expect(api.lastHour).toEqual([{ clanTag: config.CLAN_TAG, calls: sim.requests(), refused: expect.any(Number) }]);
    expect((api.lastHour as { refused: number }[])[0]!.refused).toBeGreaterThan(0);
    expect(api.reachable).toBe(true);
  });
});
