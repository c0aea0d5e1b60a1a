import { afterEach, describe, expect, it } from 'vitest';
import type { AppContext } from '#server/app-context';
import { AppError } from '#server/lib/app-error';
import { ManualClock } from '#server/lib/clock';
import { createLinkCommands } from '#server/modules/discord/link.service';
import type { GameApi, PlayerProfile } from '#server/modules/discord/ports';
import { createDiscordLinksService } from '#server/modules/reminders/discord-links.service';
import { createTestDb, engines, type TestDb } from '#test/helpers/test-db';

const TAG = '#2GGGLVC0';
const OWNER = '500000000000000020';
const ATTACKER = '500000000000000077';
const card = (id: number) => ({ id, name: `Card ${id}` });

/** A profile with ten cards, none of them the favourite or in the deck but the first five. */
const BASE_PROFILE: PlayerProfile = {
  tag: TAG,
  name: 'Owner',
  cards: Array.from({ length: 10 }, (_, i) => card(26000000 + i)),
  currentDeck: [0, 1, 2, 3].map((i) => card(26000000 + i)),
  currentFavouriteCard: card(26000004),
};

/**
 * The game API of /link, held where /link waits for it: between reading the tag's link and writing the claim. A
 * held call lets the test put the leader's Confirm (or the owner's proof) at every point of the claim.
 */
function heldGame(profile: PlayerProfile) {
  let release: (() => void) | null = null;
  let reached: (() => void) | null = null;
  let hold = false;
  const game: Pick<GameApi, 'getPlayerWithAge'> = {
    getPlayerWithAge: async () => {
      if (hold) {
        hold = false;
        reached?.();
        await new Promise<void>((r) => (release = r));
      }
      return { player: structuredClone(profile), maxAgeSeconds: 60 };
    },
  };
  return {
    game,
    /** the next profile call (that one only) waits for `open()`; resolves once it is waiting */
    holdNext: () => {
      hold = true;
      return new Promise<void>((r) => (reached = r));
    },
    open: () => release?.(),
  };
}

type Row = { discord_user_id: string; status: string } | undefined;

/**
 * The race of docs/decisions/110-discord-link-claims.md: the admin saw `TAG` claimed by the owner and presses
 * Confirm while an attacker's /link runs. In every order the end is one of: the owner's link confirmed (the attacker
 * refused), or the attacker's claim standing unconfirmed with Confirm refused. Never the owner's proven link replaced,
 * never Confirm landing on the attacker.
 */
describe.each(engines)('link claims racing a Confirm (%s)', (engine) => {
  let db: TestDb | null = null;
  afterEach(async () => {
    await db?.drop();
    db = null;
  });

  async function setUp() {
    db = await createTestDb(engine);
    const clock = new ManualClock('2026-11-20T12:00:00.000Z');
    const log = { warn: () => undefined, info: () => undefined, error: () => undefined };
    const ctx = { db, clock, log, clans: { main: { tag: '#2PQ8L0C' } } } as unknown as AppContext;
    const profile = structuredClone(BASE_PROFILE);
    const held = heldGame(profile);
    const links = createLinkCommands({ ctx, game: held.game });
    const admin = createDiscordLinksService(ctx);
    // the owner's claim is what the admin's Reminders tab shows
    await links.link(OWNER, TAG);
    const row = async (): Promise<Row> =>
      db!.kysely.selectFrom('discord_links').select(['discord_user_id', 'status']).executeTakeFirst();
    expect(await row()).toEqual({ discord_user_id: OWNER, status: 'claimed' });
    /** Confirm of the pair the admin saw: 'confirmed', or the refusal's code */
    const confirm = () =>
      admin.confirm(TAG, OWNER).then(
        (r) => r.status,
        (err: unknown) => (err instanceof AppError ? err.code : Promise.reject(err)),
      );
    /** the owner makes the change their challenge asks for, in the game */
    const showChallenge = async () => {
      const c = await db!.kysely
        .selectFrom('discord_link_claims')
        .selectAll()
        .where('discord_user_id', '=', OWNER)
        .executeTakeFirstOrThrow();
      profile.currentFavouriteCard = card(c.favourite_id);
      profile.currentDeck = [...profile.currentDeck.slice(0, 3), card(c.deck_id)];
    };
    return { clock, held, links, admin, row, confirm, showChallenge };
  }

  /** The end state holds the promise whatever the order: no proven link but the owner's. */
  function expectSafe(row: Row, confirmed: string) {
    if (row && row.status !== 'claimed') expect(row.discord_user_id).toBe(OWNER);
    if (confirmed === 'confirmed') expect(row).toEqual({ discord_user_id: OWNER, status: 'confirmed' });
  }

  it('Confirm before the attacker reads: the attacker is refused', async () => {
    const { links, row, confirm } = await setUp();
    expect(await confirm()).toBe('confirmed');
    const answer = await links.link(ATTACKER, TAG);
    expect(answer.content).toContain('already linked to another Discord member');
    expect(await row()).toEqual({ discord_user_id: OWNER, status: 'confirmed' });
  });

  it('Confirm between the attacker reading the link and writing the claim: the claim is refused, the link stays', async () => {
    const { held, links, row, confirm } = await setUp();
    const waiting = held.holdNext();
    const claim = links.link(ATTACKER, TAG);
    await waiting;
    expect(await confirm()).toBe('confirmed');
    held.open();
    expect((await claim).content).toContain('already linked to another Discord member');
    expect(await row()).toEqual({ discord_user_id: OWNER, status: 'confirmed' });
    const claims = await db!.kysely.selectFrom('discord_link_claims').selectAll().execute();
    expect(claims).toEqual([]);
  });

  it('Confirm after the attacker claimed: Confirm is refused and names who holds the tag now', async () => {
    const { links, row, admin } = await setUp();
    await links.link(ATTACKER, TAG);
    expect(await row()).toEqual({ discord_user_id: ATTACKER, status: 'claimed' });
    const refused = await admin.confirm(TAG, OWNER).catch((err: unknown) => err);
    expect(refused).toMatchObject({
      statusCode: 409,
      code: 'LINK_CHANGED',
      message: `${TAG} is now claimed by Discord user ${ATTACKER}, not ${OWNER}: nothing was confirmed. Look at the link again before confirming.`,
    });
    expect(await row()).toEqual({ discord_user_id: ATTACKER, status: 'claimed' });
  });

  it('claim and Confirm fired together, again and again: never a replaced link, never Confirm on the attacker', async () => {
    for (let round = 0; round < 8; round++) {
      if (db) await db.drop();
      const { links, row, confirm } = await setUp();
      const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
      const [, confirmed] = await Promise.all([
        delay(round % 4).then(() => links.link(ATTACKER, TAG)),
        delay(3 - (round % 4)).then(confirm),
      ]);
      expectSafe(await row(), confirmed);
    }
  });

  it("the owner's proof between the attacker reading and writing: the owner's link is verified, the claim refused", async () => {
    const { clock, held, links, row, showChallenge } = await setUp();
    clock.advance(61_000);
    const waiting = held.holdNext();
    const claim = links.link(ATTACKER, TAG);
    await waiting;
    await showChallenge();
    expect((await links.verify(OWNER, TAG)).content).toContain('Verified');
    held.open();
    expect((await claim).content).toContain('already linked to another Discord member');
    expect(await row()).toEqual({ discord_user_id: OWNER, status: 'verified' });
  });

  it("the attacker's claim while the owner's proof is checked: the owner's challenge still decides", async () => {
    const { clock, held, links, row, showChallenge } = await setUp();
    clock.advance(61_000);
    await showChallenge();
    const waiting = held.holdNext();
    const proof = links.verify(OWNER, TAG);
    await waiting;
    await links.link(ATTACKER, TAG);
    expect(await row()).toEqual({ discord_user_id: ATTACKER, status: 'claimed' });
    held.open();
    expect((await proof).content).toContain('Verified');
    expect(await row()).toEqual({ discord_user_id: OWNER, status: 'verified' });
    expect(await db!.kysely.selectFrom('discord_link_claims').selectAll().execute()).toEqual([]);
  });
});
