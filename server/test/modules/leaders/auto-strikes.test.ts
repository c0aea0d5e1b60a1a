import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeStrikeRules } from '#server/modules/leaders/strike-rules.repository';
import { giveAutoStrikes } from '#server/scripts/clan/auto-strikes';
import { DEFAULT_SIM_CLAN_TAG as CLAN } from '#server/simulator/simulator';
import { insertDay } from '#test/helpers/member-rows';
import { createTestDb, engines, type TestDb } from '#test/helpers/test-db';

/**
 * Automatic strikes only on judged days (docs/leaders-memory.md): one war week's stored days, each case a player of its
 * own; the expected strikes are written by hand from the table below.
 *
 * | player | day 1 (reported)        | day 2 (after the finish) | day 3 (reported) | strikes        |
 * | P1     | 0/4                     | 0/4                      | 1/4              | day 1          |
 * | P2     | 0/4, joined during it   | –                        | 0/4              | day 3          |
 * | P4     | 0/4, excused (absence)  | –                        | 0/4, excused     | none           |
 * | P5     | 4/4                     | –                        | 4/4              | none           |
 * | P6     | 0 to 2 (uncertain)      | –                        | –                | none           |
 */
const WEEK = { seasonId: 140, sectionIndex: 2 };
const NOW = new Date('2026-11-22T12:00:00.000Z');

describe.each(engines)('automatic strikes on %s', (engine) => {
  let db: TestDb;
  beforeEach(async () => {
    db = await createTestDb(engine);
    const k = db.kysely;
    await insertDay(k, WEEK, 1, [
      { tag: '#P1', decks: 0 },
      { tag: '#P2', decks: 0, status: 'joined-during-day' },
      { tag: '#P4', decks: 0 },
      { tag: '#P5', decks: 4 },
      { tag: '#P6', decks: 0, max: 2, status: 'uncertain' },
    ]);
    await insertDay(k, WEEK, 2, [{ tag: '#P1', decks: 0 }], 'race-finished');
    await insertDay(k, WEEK, 3, [
      { tag: '#P1', decks: 1 },
      { tag: '#P2', decks: 0 },
      { tag: '#P4', decks: 0 },
      { tag: '#P5', decks: 4 },
    ]);
    await k
      .insertInto('excused_absences')
      .values({
        player_tag: '#P4',
        starts_on: '2026-10-01',
        ends_on: '2027-03-31',
        reason: 'exams',
        status: 'approved',
        requested_by: 'admin',
        decided_by: 'admin',
        created_at: '2026-10-01T00:00:00.000Z',
        decided_at: '2026-10-01T00:00:00.000Z',
      })
      .execute();
  });
  afterEach(() => db.drop());

  const strikes = () =>
    db.kysely
      .selectFrom('leader_notes')
      .select(['player_tag', 'reason', 'author', 'expires_at'])
      .orderBy('player_tag')
      .execute();

  it('strikes a 0/4 judged day only, once, lasting the clan’s strike days', async () => {
    await writeStrikeRules(db.kysely, CLAN, { threshold: 3, days: 14, auto: true, dm: false });
    expect(await giveAutoStrikes(db.kysely, CLAN, 140, NOW)).toBe(2);
    expect(await giveAutoStrikes(db.kysely, CLAN, 140, NOW)).toBe(0);
    expect(await strikes()).toEqual([
      {
        player_tag: '#P1',
        reason: '0/4 on battle day 1 (season 140, week 3)',
        author: 'auto',
        expires_at: '2026-12-06T12:00:00.000Z',
      },
      {
        player_tag: '#P2',
        reason: '0/4 on battle day 3 (season 140, week 3)',
        author: 'auto',
        expires_at: '2026-12-06T12:00:00.000Z',
      },
    ]);
  });

  it('gives none while the clan’s rules leave automatic strikes off', async () => {
    expect(await giveAutoStrikes(db.kysely, CLAN, 140, NOW)).toBe(0);
    expect(await strikes()).toEqual([]);
  });
});
