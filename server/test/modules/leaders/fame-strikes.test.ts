import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeStrikeRules } from '#server/modules/leaders/strike-rules.repository';
import { giveFameStrikes } from '#server/scripts/clan/auto-strikes';
import { DEFAULT_SIM_CLAN_TAG as CLAN } from '#server/simulator/simulator';
import { insertDay, memberRow, weekRow } from '#test/helpers/member-rows';
import { createTestDb, engines, type TestDb } from '#test/helpers/test-db';

/**
 * Automatic strikes for a week below the fame minimum (docs/leaders-memory.md): one stored week (season 140, week 3,
 * its battle days' resets on Jan 21 to 24, 2027; closed at the reset of Jan 25), the clan finished after day 3, the
 * default minimum of 2,000 fame. Each case is a member of its own; the expected strikes are worked out by hand:
 *
 * | member | in the clan                    | excused            | fame (log) | minimum owed        | strike |
 * | F1     | all week                       | –                  | 1,500      | 2,000               | yes    |
 * | F2     | all week                       | –                  | 2,000      | 2,000               | no     |
 * | F3     | joined Jan 22 (mid-week)       | –                  | 300        | not judged          | no     |
 * | F4     | all week                       | whole week         | 0          | 0 (3 of 3 excused)  | no     |
 * | F5     | all week                       | days 1 and 2       | 1,200      | 2000·1/3 = 667      | no     |
 * | F6     | all week                       | day 1              | 1,000      | 2000·2/3 = 1,333    | yes    |
 * | F7     | all week                       | –                  | not in log | 2,000               | yes (0)|
 * | F8     | left on Jan 25 before the run  | –                  | 100        | not a member        | no     |
 *
 * Day 4 came after the clan's finish, so only days 1 to 3 could earn fame and share the minimum.
 */
const WEEK = { seasonId: 140, sectionIndex: 2, createdDate: '2027-01-25T10:00:00.000Z' };
const NOW = new Date('2027-01-25T12:00:00.000Z');
const SINCE = '2026-12-01T00:00:00.000Z';

describe.each(engines)('automatic strikes for a week below the fame minimum on %s', (engine) => {
  let db: TestDb;
  beforeEach(async () => {
    db = await createTestDb(engine);
    const k = db.kysely;
    await k
      .insertInto('clan_members')
      .values([
        memberRow('#F1', 'F1', 'member', SINCE),
        memberRow('#F2', 'F2', 'member', SINCE),
        memberRow('#F3', 'F3', 'member', '2027-01-22T12:00:00.000Z'),
        memberRow('#F4', 'F4', 'member', SINCE),
        memberRow('#F5', 'F5', 'elder', SINCE),
        memberRow('#F6', 'F6', 'member', SINCE),
        memberRow('#F7', 'F7', 'member', SINCE),
        memberRow('#F8', 'F8', 'member', SINCE, '2027-01-25T11:00:00.000Z'),
      ])
      .execute();
    await k
      .insertInto('river_race_data')
      .values([
        weekRow(WEEK, '#F1', 'F1', 1500, 12),
        weekRow(WEEK, '#F2', 'F2', 2000, 12),
        weekRow(WEEK, '#F3', 'F3', 300, 4),
        weekRow(WEEK, '#F4', 'F4', 0, 0),
        weekRow(WEEK, '#F5', 'F5', 1200, 8),
        weekRow(WEEK, '#F6', 'F6', 1000, 8),
        weekRow(WEEK, '#F8', 'F8', 100, 1),
      ])
      .execute();
    const away = [
      { tag: '#F4', decks: 0 },
      { tag: '#F5', decks: 0 },
    ];
    await insertDay(k, WEEK, 1, [...away, { tag: '#F6', decks: 0 }]);
    await insertDay(k, WEEK, 2, [...away, { tag: '#F6', decks: 4 }]);
    await insertDay(k, WEEK, 3, [
      { tag: '#F4', decks: 0 },
      { tag: '#F5', decks: 4 },
      { tag: '#F6', decks: 4 },
    ]);
    // a finished day is reported with its members' decks like any other, marked as after the finish
    await insertDay(k, WEEK, 4, [...away, { tag: '#F6', decks: 0 }], 'race-finished');
    const absence = (player: string, startsOn: string, endsOn: string) => ({
      player_tag: player,
      starts_on: startsOn,
      ends_on: endsOn,
      reason: null,
      status: 'approved',
      requested_by: 'admin',
      decided_by: 'admin',
      created_at: '2027-01-10T00:00:00.000Z',
      decided_at: '2027-01-10T00:00:00.000Z',
    });
    await k
      .insertInto('excused_absences')
      .values([
        absence('#F4', '2027-01-18', '2027-01-25'),
        absence('#F5', '2027-01-21', '2027-01-22'),
        absence('#F6', '2027-01-21', '2027-01-21'),
      ])
      .execute();
  });
  afterEach(() => db.drop());

  const strikes = () =>
    db.kysely
      .selectFrom('leader_notes')
      .select(['player_tag', 'reason', 'author', 'expires_at'])
      .orderBy('player_tag')
      .execute();
  const strike = (tag: string, reason: string) => ({
    player_tag: tag,
    reason,
    author: 'auto',
    expires_at: '2027-02-24T12:00:00.000Z',
  });

  it('strikes the members below the minimum owed for the week, once, lasting the clan’s strike days', async () => {
    await writeStrikeRules(db.kysely, CLAN, { threshold: 3, days: 30, auto: true, dm: false });
    expect(await giveFameStrikes(db.kysely, CLAN, NOW)).toBe(3);
    expect(await giveFameStrikes(db.kysely, CLAN, NOW)).toBe(0);
    expect(await strikes()).toEqual([
      strike('#F1', '1,500 fame in season 140, week 3, below the minimum of 2,000'),
      strike('#F6', '1,000 fame in season 140, week 3, below the minimum of 1,333'),
      strike('#F7', '0 fame in season 140, week 3, below the minimum of 2,000'),
    ]);
  });

  it('gives none while the clan’s rules leave automatic strikes off', async () => {
    expect(await giveFameStrikes(db.kysely, CLAN, NOW)).toBe(0);
    expect(await strikes()).toEqual([]);
  });
});
