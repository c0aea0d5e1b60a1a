import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAMILY_MOVE_WINDOW_MS, observeRoster } from '#server/modules/war/roster.repository';
import { createTestDb, engines, type TestDb } from '#test/helpers/test-db';
import { FAMILY_TAGS, FEEDERS, familyState, memberLists } from '#test/simulator/family-helpers';

/**
 * Move detection judged against the simulated family's ledger (docs/decisions/100 step 6, 102): a month of the three
 * clans' member lists, each clan polled in turn every 30 minutes as the snapshot job does, and every move the ledger
 * holds within the 24-hour window found once, from the right clan to the right one, with one history kept.
 */
const STEP = 30 * 60_000;
const FROM = Date.parse('2026-11-02T00:00:00Z');
const TO = Date.parse('2026-11-30T00:00:00Z');

describe.each(engines)('moves within a simulated family of three on %s', (engine) => {
  let db: TestDb;
  beforeEach(async () => {
    db = await createTestDb(engine);
    await db.kysely
      .insertInto('clans')
      .values(
        FEEDERS.map((c, i) => ({
          tag: c.tag,
          role: 'family',
          position: i + 1,
          added_at: new Date(FROM).toISOString(),
        })),
      )
      .execute();
  });
  afterEach(async () => {
    await db.drop();
  });

  it('finds every move of the ledger within the window, and no other', async () => {
    const state = familyState();
    const ledger = state.family!;
    for (let t = FROM; t < TO; t += STEP) {
      const lists = memberLists(state, t);
      for (const [i, tag] of FAMILY_TAGS.entries()) {
        const at = new Date(t + i * 60_000); // the clans are polled one after the other
        const members = (lists.get(tag) ?? []).map((p) => ({ tag: p, name: p, role: 'member' }));
        await observeRoster(db.kysely, tag, members, at);
      }
    }
    const found = await db.kysely
      .selectFrom('member_moves')
      .select(['player_tag', 'from_clan_tag', 'to_clan_tag'])
      .orderBy('joined_at')
      .execute();
    // what a poll every 30 minutes can tell: a gap well inside the window is a move, one well beyond it is not
    const truth = ledger
      .moves(new Date(FROM + STEP), new Date(TO - 2 * STEP))
      .filter((m) => m.joinedAt.getTime() < TO - 2 * STEP);
    const sure = truth.filter((m) => m.joinedAt.getTime() - m.leftAt.getTime() < FAMILY_MOVE_WINDOW_MS - 2 * STEP);
    const never = truth.filter((m) => m.joinedAt.getTime() - m.leftAt.getTime() > FAMILY_MOVE_WINDOW_MS + 2 * STEP);
    expect(sure.length).toBeGreaterThan(5);
    const key = (p: string, from: string, to: string) => `${p} ${from}→${to}`;
    const foundKeys = found.map((r) => key(r.player_tag, r.from_clan_tag, r.to_clan_tag));
    for (const m of sure) expect(foundKeys, 'a move of the ledger').toContain(key(m.playerTag, m.fromClan, m.toClan));
    for (const m of never) expect(foundKeys).not.toContain(key(m.playerTag, m.fromClan, m.toClan));
    const everyLedgerMove = ledger.moves(new Date(0), new Date(TO)).map((m) => key(m.playerTag, m.fromClan, m.toClan));
    for (const k of foundKeys) expect(everyLedgerMove, 'a move ClanOps found').toContain(k);
    expect(new Set(foundKeys).size).toBe(foundKeys.length);

    // one history: the new stint keeps the family-since of the player's first stint
    for (const m of sure) {
      const stints = await db.kysely
        .selectFrom('clan_members')
        .select(['clan_tag', 'first_seen_at', 'family_first_seen_at'])
        .where('tag', '=', m.playerTag)
        .orderBy('first_seen_at')
        .execute();
      const first = stints[0]!;
      for (const s of stints) expect(s.family_first_seen_at, m.playerTag).toBe(first.family_first_seen_at);
    }
    // a player is open in one clan at most
    const open = await db.kysely.selectFrom('clan_members').select('tag').where('left_at', 'is', null).execute();
    expect(new Set(open.map((r) => r.tag)).size).toBe(open.length);
  }, 120_000);
});
