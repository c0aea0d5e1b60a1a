import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { DEFAULT_SIM_CLAN_TAG as CLAN } from '#server/simulator/simulator';
import { insertDay, memberRow, weekRow } from './member-rows.js';

/**
 * A small clan's stored history for the member page tests (clock: Sunday 2026-11-22, New York month
 * November). Four tracked weeks of season 140 (the fourth still running, two battle days reported)
 * and one week before that only a former player fought in.
 */
export const SEED_NOW = '2026-11-22T12:00:00.000Z';

export const BRAVO = '#YQ2P8RLC';
/** A name with colour markup and HTML in it. */
export const CHARLIE = '#9CUV8RJ';
export const CHARLIE_NAME = `<c2>Bo</c> <script>alert("x")</script> & 'q'`;
/** Left the clan after week 1. */
export const DELTA = '#L8L8L8';
/** Never seen in the roster: only in two weeks' logs. */
export const ECHO = '#GRJ0PQ';

export const W0 = { seasonId: 139, sectionIndex: 4, createdDate: '2026-10-26T09:40:00.000Z' };
export const W1 = { seasonId: 140, sectionIndex: 0, createdDate: '2026-11-02T09:40:00.000Z' };
export const W2 = { seasonId: 140, sectionIndex: 1, createdDate: '2026-11-09T09:40:00.000Z' };
export const W3 = { seasonId: 140, sectionIndex: 2, createdDate: '2026-11-16T09:40:00.000Z' };
/** Running: no log row yet. */
export const W4 = { seasonId: 140, sectionIndex: 3 };

export async function seedMemberHistory(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('clan_members')
    .values([
      memberRow(BRAVO, 'Bravo', 'coLeader', '2026-10-20T10:00:00.000Z'),
      memberRow(CHARLIE, CHARLIE_NAME, 'member', '2026-09-01T15:00:00.000Z'),
      memberRow(DELTA, 'Delta', 'elder', '2026-10-01T10:00:00.000Z', '2026-11-10T10:00:00.000Z'),
    ])
    .execute();
  await db
    .insertInto('river_race_data')
    .values([
      weekRow(W0, ECHO, 'Echo', 1500, 12),
      weekRow(W1, BRAVO, 'Bravo', 2400, 16),
      weekRow(W1, CHARLIE, CHARLIE_NAME, 2400, 16),
      weekRow(W1, DELTA, 'Delta', 1000, 10),
      weekRow(W2, BRAVO, 'Bravo', 1800, 13),
      weekRow(W2, CHARLIE, CHARLIE_NAME, 2000, 16),
      weekRow(W2, ECHO, 'Echo', 900, 8),
      weekRow(W3, CHARLIE, CHARLIE_NAME, 2600, 16),
    ])
    .execute();

  await insertDay(db, W1, 1, [
    { tag: BRAVO, decks: 4 },
    { tag: CHARLIE, decks: 4 },
    { tag: DELTA, decks: 4 },
  ]);
  await insertDay(db, W1, 2, [
    { tag: BRAVO, decks: 4 },
    { tag: CHARLIE, decks: 4 },
  ]);
  await insertDay(db, W1, 3, [{ tag: BRAVO, decks: 4 }]);
  await insertDay(db, W1, 4, [{ tag: BRAVO, decks: 4 }]);
  await insertDay(db, W2, 1, [{ tag: BRAVO, decks: 4 }]);
  await insertDay(db, W2, 2, [{ tag: BRAVO, decks: 2, max: 4, status: 'uncertain' }]);
  await insertDay(db, W2, 3, [{ tag: BRAVO, decks: 1 }]);
  await insertDay(db, W3, 1, [{ tag: CHARLIE, decks: 4 }]);
  await insertDay(db, W3, 2, [{ tag: CHARLIE, decks: 4 }]);
  await insertDay(db, W3, 3, [{ tag: BRAVO, decks: 2, status: 'joined-during-day' }]);
  await insertDay(db, W3, 4, [{ tag: BRAVO, decks: 4 }]);
  await insertDay(db, W4, 1, [
    { tag: BRAVO, decks: 4 },
    { tag: CHARLIE, decks: 3 },
  ]);
  await insertDay(db, W4, 2, [{ tag: BRAVO, decks: 4 }], 'race-finished');

  const month = (year: number, m: number, tag: string, fame: number) => ({
    clan_tag: CLAN,
    year,
    month: m,
    player_tag: tag,
    player_name: tag,
    fame_earned: fame,
    weeks_counted: 4,
    updated_at: SEED_NOW,
  });
  await db
    .insertInto('monthly_spotlight')
    .values([
      month(2025, 1, BRAVO, 9000),
      month(2025, 1, CHARLIE, 100),
      month(2026, 8, CHARLIE, 3000),
      month(2026, 8, BRAVO, 2000),
      month(2026, 9, BRAVO, 5000),
      month(2026, 9, CHARLIE, 4000),
      month(2026, 10, BRAVO, 3000),
      month(2026, 10, CHARLIE, 3000),
      month(2026, 11, BRAVO, 4200),
      month(2026, 11, CHARLIE, 4100),
    ])
    .execute();

  await db
    .insertInto('member_trophies')
    .values([
      { player_tag: BRAVO, day: '2026-11-21', trophies: 7150 },
      { player_tag: BRAVO, day: '2026-11-20', trophies: 7100 },
      { player_tag: BRAVO, day: '2026-11-22', trophies: 7130 },
      { player_tag: CHARLIE, day: '2026-11-22', trophies: 6000 },
    ])
    .execute();
}
