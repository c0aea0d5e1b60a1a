import { afterEach, describe, expect, it } from 'vitest';
import { contentOf } from '../helpers/discord-stand-in.js';
import { engines } from '../helpers/test-db.js';
import { discordName } from '../../src/modules/war/discord-text.js';
import { discordKit, type DiscordKit } from './discord-kit.js';

const START = '2026-11-19T15:00:00.000Z';
const ALICE = { id: '500000000000000001' };
const BOB = { id: '500000000000000002' };

interface SimProfile {
  name: string;
  cards: { id: number; name: string }[];
  currentDeck: { id: number; name: string }[];
  currentFavouriteCard: { id: number; name: string };
}

/** /link with proof in the game (docs/decisions/080-link-states.md), through the stand-in and the simulator. */
describe.each(engines)('Discord /link (%s)', (engine) => {
  let k: DiscordKit | null = null;
  afterEach(async () => {
    await k?.close();
    k = null;
  });

  /** The player's profile as the simulator serves it: the independent truth for the challenge. */
  async function simProfile(tag: string): Promise<SimProfile> {
    const res = await fetch(`${k!.w.sim.url}/players/${encodeURIComponent(tag)}`, {
      headers: { authorization: 'Bearer test' },
    });
    return (await res.json()) as SimProfile;
  }

  async function claimsOf(tag: string) {
    return k!.w.t.db.kysely.selectFrom('discord_link_claims').selectAll().where('player_tag', '=', tag).execute();
  }

  async function linkRow(tag: string) {
    return k!.w.t.db.kysely.selectFrom('discord_links').selectAll().where('player_tag', '=', tag).executeTakeFirst();
  }

  /** Sends a command or button; the private message that replaced its deferred answer. */
  async function deferredMessage(payload: { token: string }) {
    const res = await k!.send(payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 5, data: { flags: 64 } });
    const edit = await k!.discord.answerTo(payload.token);
    const buttons = ((edit.body as { components?: { components: { custom_id: string }[] }[] }).components ?? [])
      .flatMap((row) => row.components)
      .map((b) => b.custom_id);
    return { text: contentOf(edit), buttons };
  }
  const deferredAnswer = async (payload: { token: string }) => (await deferredMessage(payload)).text;

  const later = (ms: number) => k!.w.at(new Date(k!.w.clock.now().getTime() + ms));

  it('challenges with two cards the player owns, stays claimed until the profile shows them, then is verified and mentioned', async () => {
    k = await discordKit(engine, START, { seed: 71 });
    const now = k.w.clock.now();
    const info = k.w.period(now);
    const ledger = k.w.sim.state.ledger;
    const tag = ledger.membersAt(now).find((t) => ledger.decksUsed(t, info.seasonId, info.periodIndex, now) < 4)!;
    const before = await simProfile(tag);

    const text = await deferredAnswer(
      k.discord.command('link', ALICE, [{ name: 'tag', type: 3, value: tag.toLowerCase() }]),
    );
    const favourite = /favourite card to \*\*(.+?)\*\*/.exec(text)?.[1];
    const deckCard = /put \*\*(.+?)\*\* in your current deck/.exec(text)?.[1];
    const owned = before.cards.map((c) => c.name);
    expect(owned).toContain(favourite);
    expect(owned).toContain(deckCard);
    expect(favourite).not.toBe(deckCard);
    expect(favourite).not.toBe(before.currentFavouriteCard.name);
    expect(before.currentDeck.map((c) => c.name)).not.toContain(favourite);
    expect(before.currentDeck.map((c) => c.name)).not.toContain(deckCard);
    expect(text).toContain(discordName(before.name));
    expect((await linkRow(tag))?.status).toBe('claimed');
    const verifyButton = `link-verify:${tag}`;
    const answer = (await k.discord.answerTo((k.discord.requests.at(-1)!.path.split('/')[3] ?? '') as string)) as {
      body: { components?: { components: { custom_id: string }[] }[] };
    };
    expect(answer.body.components?.[0]?.components[0]?.custom_id).toBe(verifyButton);

    // at once: the API still serves the profile it cached, so nothing is checked yet
    const early = await deferredAnswer(k.discord.button(verifyButton, ALICE));
    expect(early).toMatch(/Not checked yet.*again in 1 min\. The link to .* stays claimed/s);

    later(61_000);
    const unchanged = await deferredAnswer(k.discord.button(verifyButton, ALICE));
    expect(unchanged).toContain(`your favourite card is not **${favourite}** yet`);
    expect(unchanged).toContain(`**${deckCard}** is not in your current deck yet`);
    expect(unchanged).toContain('stays claimed');
    expect((await linkRow(tag))?.status).toBe('claimed');

    k.w.sim.state.showCards(tag, k.w.clock.now(), { favourite, deckCard });
    later(61_000);
    const verified = await deferredAnswer(k.discord.command('link', ALICE, [{ name: 'tag', type: 3, value: tag }]));
    expect(verified).toContain(`Verified: **${discordName(before.name)}** (${tag}) is linked to you.`);
    const row = await linkRow(tag);
    expect(row).toMatchObject({ status: 'verified', discord_user_id: ALICE.id });
    expect(await claimsOf(tag)).toEqual([]);

    const run = await k.w.runNow('war-reminders');
    expect(run.status).toBe('completed');
    const outbox = await k.w.t.db.kysely.selectFrom('discord_outbox').select('payload').execute();
    const posted = outbox.map((o) => o.payload).join('\n');
    expect(posted).toContain(`<@${ALICE.id}>`);
  });

  it("B's claim on A's tag gives B no /me and no /away, and leaves A's Verify working; proof decides", async () => {
    k = await discordKit(engine, START, { seed: 72 });
    const tag = k.w.sim.state.ledger.membersAt(k.w.clock.now())[3]!;
    const name = discordName((await simProfile(tag)).name);
    const challenge = await deferredAnswer(k.discord.command('link', ALICE, [{ name: 'tag', type: 3, value: tag }]));
    const favourite = /favourite card to \*\*(.+?)\*\*/.exec(challenge)![1]!;
    const deckCard = /put \*\*(.+?)\*\* in your current deck/.exec(challenge)![1]!;
    expect(await linkRow(tag)).toMatchObject({ discord_user_id: ALICE.id, status: 'claimed' });

    // Bob claims Alice's tag: the admin now sees Bob's claim, and Bob gets a challenge of his own
    await deferredAnswer(k.discord.command('link', BOB, [{ name: 'tag', type: 3, value: tag }]));
    expect(await linkRow(tag)).toMatchObject({ discord_user_id: BOB.id, status: 'claimed' });
    expect((await claimsOf(tag)).map((c) => c.discord_user_id).sort()).toEqual([ALICE.id, BOB.id]);
    // an unproven claim acts for nobody: no war record, no absence filed in Alice's name
    const proveFirst = `Your link to ${tag} is not proven yet: prove it first with \`/link ${tag}\``;
    const me = await k.send(k.discord.command('me', BOB));
    expect((me.body.data as { content: string }).content).toContain(proveFirst);
    expect((me.body.data as { content: string }).content).not.toContain(name);
    const dates = [
      { name: 'from', type: 3, value: '2026-11-27' },
      { name: 'to', type: 3, value: '2026-11-29' },
    ];
    for (const options of [dates, [...dates, { name: 'tag', type: 3, value: tag }]]) {
      const away = await k.send(k.discord.command('away', BOB, options));
      expect((away.body.data as { content: string }).content).toContain(proveFirst);
    }
    expect(await k.w.t.db.kysely.selectFrom('excused_absences').selectAll().execute()).toEqual([]);

    // Alice's own button still checks her own challenge
    later(61_000);
    expect(await deferredAnswer(k.discord.button(`link-verify:${tag}`, ALICE))).toContain(
      `your favourite card is not **${favourite}** yet`,
    );
    k.w.sim.state.showCards(tag, k.w.clock.now(), { favourite, deckCard });
    later(61_000);
    expect(await deferredAnswer(k.discord.button(`link-verify:${tag}`, ALICE))).toContain(
      `Verified: **${name}** (${tag}) is linked to you.`,
    );
    expect(await linkRow(tag)).toMatchObject({ discord_user_id: ALICE.id, status: 'verified' });
    expect(await claimsOf(tag)).toEqual([]);

    // Bob's button and a new claim are refused now: a proven link is never taken over
    const stale = await deferredAnswer(k.discord.button(`link-verify:${tag}`, BOB));
    expect(stale).toContain('already linked to another Discord member');
    const refused = await deferredAnswer(k.discord.command('link', BOB, [{ name: 'tag', type: 3, value: tag }]));
    expect(refused).toContain('already linked to another Discord member');
    expect(refused).toContain('proven in the game');
    expect(await linkRow(tag)).toMatchObject({ discord_user_id: ALICE.id, status: 'verified' });
    expect(await claimsOf(tag)).toEqual([]);

    const again = await deferredAnswer(k.discord.command('link', ALICE, [{ name: 'tag', type: 3, value: tag }]));
    expect(again).toContain('already linked to you (verified)');
    const mine = (await k.send(k.discord.command('me', ALICE))).body.data as { content: string };
    expect(mine.content).toMatch(new RegExp(`^\\*\\*\\${tag}\\*\\*\\nToday: no war snapshot stored yet`));
  });

  it('a challenge expires after 15 minutes; an unknown tag and a bad tag get clear answers; /unlink removes links', async () => {
    k = await discordKit(engine, START, { seed: 73 });
    const [tagA, tagB] = k.w.sim.state.ledger.membersAt(k.w.clock.now()) as [string, string];
    await deferredAnswer(k.discord.command('link', ALICE, [{ name: 'tag', type: 3, value: tagA }]));
    await deferredAnswer(k.discord.command('link', ALICE, [{ name: 'tag', type: 3, value: tagB }]));
    later(15 * 60_000 + 1000);
    expect(await deferredAnswer(k.discord.button(`link-verify:${tagA}`, ALICE))).toMatch(/has expired \(15 minutes\)/);
    expect((await linkRow(tagA))?.status).toBe('claimed');

    expect(
      await deferredAnswer(k.discord.command('link', ALICE, [{ name: 'tag', type: 3, value: '#2PQ8L0CC' }])),
    ).toMatch(/No player has the tag #2PQ8L0CC/);
    const bad = await k.send(k.discord.command('link', ALICE, [{ name: 'tag', type: 3, value: 'not a tag' }]));
    expect(bad.body).toMatchObject({ type: 4, data: { flags: 64 } });
    expect(String((bad.body.data as { content: string }).content)).toMatch(/not a player tag/);

    const one = await k.send(k.discord.command('unlink', ALICE, [{ name: 'tag', type: 3, value: tagA }]));
    expect((one.body.data as { content: string }).content).toBe(`${tagA} is no longer linked to you.`);
    const all = await k.send(k.discord.command('unlink', ALICE));
    expect((all.body.data as { content: string }).content).toBe(`Unlinked: ${tagB}.`);
    expect(await k.w.t.db.kysely.selectFrom('discord_links').selectAll().execute()).toEqual([]);
    expect(await k.w.t.db.kysely.selectFrom('discord_link_claims').selectAll().execute()).toEqual([]);
  });
});
