import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '#server/lib/clock';
import { startSimulator, type Simulator } from '#server/simulator/index';
import { bearer, loginToken } from '#test/helpers/auth';
import { contentOf, LEADER_ROLE_ID, startDiscordStandIn, type DiscordStandIn } from '#test/helpers/discord-stand-in';
import { scriptTestApp } from '#test/helpers/scripts';
import type { TestApp } from '#test/helpers/test-app';
import { engines } from '#test/helpers/test-db';

const MEMBER = { id: '500000000000000001' };

/** A manual clock whose sleeps can be parked: a token bucket's wait then lasts until the test opens the gate. */
class GatedClock extends ManualClock {
  private gated = false;
  private waiting: (() => void)[] = [];
  get parked(): number {
    return this.waiting.length;
  }
  gate(): void {
    this.gated = true;
  }
  open(): void {
    this.gated = false;
    for (const release of this.waiting.splice(0)) release();
  }
  override async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (this.gated) {
      await new Promise<void>((resolve, reject) => {
        this.waiting.push(resolve);
        const onAbort = () => {
          this.waiting.splice(this.waiting.indexOf(resolve), 1);
          reject(signal!.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    }
    return super.sleep(ms, signal);
  }
}
const LEADER = { id: '600000000000000001', roles: [LEADER_ROLE_ID] };
const SLOW_DOWN = /^Slow down: you can use ClanOps commands again in about \d+ s\.$/;

interface Card {
  clashRoyaleApi: {
    reachable: boolean | null;
    detail: string | null;
    budget?: { perMinute: number; available: number };
  };
}

/**
 * What one member can cost (docs/decisions/112-discord-command-cooldowns.md, 114-discord-lookups-budget.md): a few
 * commands a minute, lookups that never take the half of the Clash Royale budget the war polls and pages need, and
 * never a false alarm on the system card. The live client (CR_API_TOKEN) talks to the simulator over HTTP with a
 * budget of 10 calls a minute on the app's clock.
 */
describe.each(engines)('Discord cooldowns and the request budget (%s)', (engine) => {
  let cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.reverse()) await c();
    cleanups = [];
  });

  async function start(seed: number) {
    const clock = new GatedClock('2026-11-19T15:00:00.000Z');
    const sim: Simulator = await startSimulator({ clock, seed });
    cleanups.push(() => sim.close());
    const discord: DiscordStandIn = await startDiscordStandIn();
    cleanups.push(() => discord.close());
    const t: TestApp = await scriptTestApp(
      engine,
      clock,
      {},
      {
        CR_API_TOKEN: 'test-token',
        CR_API_BASE_URL: sim.url,
        CR_REQUESTS_PER_MINUTE: '10',
        ...discord.env(),
      },
    );
    cleanups.push(() => t.close());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const send = (payload: unknown) => discord.interact(url, payload, { at: clock.now() });
    const token = await loginToken(t.app);
    const card = async () =>
      (await t.app.inject({ url: '/api/admin/system', headers: bearer(token) })).json<Card>().clashRoyaleApi;
    return { clock, sim, discord, t, send, card };
  }

  it('60 /link in two seconds: the first five are looked up, the rest told to slow down; no false alarm', async () => {
    const { clock, sim, discord, t, send, card } = await start(95);
    // a war poll first: the card says the API is reachable
    expect((await t.app.services.scripts.runNow(t.app.services.scripts.find('inactive-players')!)).status).toBe(
      'completed',
    );
    expect(await card()).toMatchObject({ reachable: true, detail: null });
    sim.resetCounters();

    const answers: { type: number; content?: string }[] = [];
    for (let i = 0; i < 60; i++) {
      // tags of players nobody has: each lookup the API answers "not found"
      const tag = `#${'2PQ8L0CGJRUVY'.slice(i % 7, (i % 7) + 6)}${'0289'[i % 4]}${'PYLQ'[i % 4]}`;
      const res = await send(discord.command('link', MEMBER, [{ name: 'tag', type: 3, value: tag }]));
      expect(res.status).toBe(200);
      answers.push({ type: res.body.type as number, content: (res.body.data as { content?: string }).content });
      clock.advance(33);
    }
    await t.app.services.discord.idle();
    expect(answers.slice(0, 5).map((a) => a.type)).toEqual([5, 5, 5, 5, 5]);
    for (const a of answers.slice(5)) expect(a).toMatchObject({ type: 4, content: expect.stringMatching(SLOW_DOWN) });
    expect(sim.requests('player')).toBe(5);
    // five "no such player" answers are the members' typing, not the API's health
    expect(await card()).toMatchObject({ reachable: true, detail: null });

    // a minute later the member may ask again
    clock.advance(60_000);
    const again = await send(discord.command('me', MEMBER));
    expect((again.body.data as { content: string }).content).not.toMatch(SLOW_DOWN);
  });

  it('members asking at once take at most half the budget: a war poll fired with them runs at once', async () => {
    const { clock, sim, discord, t, send, card } = await start(96);
    const tags = sim.state.ledger.membersAt(clock.now()).slice(0, 12);
    const at = clock.now();
    // while the clock is gated, whoever waits for a token stays queued
    clock.gate();
    for (const [i, tag] of tags.entries()) {
      const user = { id: `5000000000000001${String(i).padStart(2, '0')}` };
      const res = await send(discord.command('link', user, [{ name: 'tag', type: 3, value: tag }]));
      expect(res.body.type).toBe(5);
    }
    const challenges = () =>
      discord.requests.filter((r) => r.method === 'PATCH' && contentOf(r).includes('prove this account is yours'));
    await expect.poll(() => challenges().length).toBe(5);
    await expect.poll(() => clock.parked).toBe(1);
    // half of the 10 tokens went to five lookups; the seven others wait for tokens only lookups may not take
    expect(sim.requests('player')).toBe(5);
    expect((await card()).budget).toEqual({ perMinute: 10, available: 5 });

    // the war poll takes its three calls from the half lookups may not touch, ahead of them, at once
    const run = await t.app.services.scripts.runNow(t.app.services.scripts.find('inactive-players')!);
    expect(run.status).toBe('completed');
    expect(clock.now()).toEqual(at);
    expect([sim.requests('currentriverrace'), sim.requests('members'), sim.requests('riverracelog')]).toEqual([
      1, 1, 1,
    ]);
    expect(sim.requests('player')).toBe(5);

    // time moves on: the queued lookups get tokens as the bucket refills, or are told to try again
    clock.open();
    await t.app.services.discord.idle();
    const answered = discord.requests.filter((r) => r.method === 'PATCH');
    expect(answered).toHaveLength(12);
    expect(sim.requests('player')).toBe(challenges().length);
  });

  it('/remind is once per five minutes per leader', async () => {
    const { discord, t, send } = await start(97);
    const first = await send(discord.command('remind', LEADER));
    expect(first.body.type).toBe(5);
    await t.app.services.discord.idle();
    const second = await send(discord.command('remind', LEADER));
    expect((second.body.data as { content: string }).content).toMatch(
      /^The war reminder was sent a moment ago: `\/remind` works again in about \d+ min( \d+ s)?\.$/,
    );
    const runs = await t.app.services.scripts.history(t.app.services.scripts.find('war-reminders')!, 10);
    expect(runs).toHaveLength(1);
  });
});
