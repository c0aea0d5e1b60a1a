import { describe, expect, it } from 'vitest';
import { currentRiverRaceSchema } from '#server/clients/clash-royale/schemas';
import { projectionInput } from '#server/modules/war/projection/from-race';
import { projectRace } from '#server/modules/war/projection/project-race';
import { readFixture } from '#test/helpers/cr-fixtures';

function projectFixture(file: string, ourTag: string, now: string, nextReset: string) {
  const race = currentRiverRaceSchema.parse(readFixture(file));
  const input = projectionInput(race, { ourTag, members: [], now: new Date(now), nextReset: new Date(nextReset) });
  if (!input) throw new Error('not a battle day');
  const projection = projectRace(input);
  const clan = (tag: string) => projection.clans.find((c) => c.tag === tag)!;
  return { input, projection, clan };
}

describe('projectRace on the recorded races', () => {
  it('a normal week in progress: what it takes to out-score the clan ahead today (hand-worked)', () => {
    // Season 128, battle day 2 (period 18), 18:00 UTC; the day closes at 09:50 the next morning.
    const { projection, clan } = projectFixture(
      'currentriverrace.warday-inprogress.json',
      '#9PJRJRPC',
      '2026-01-23T18:00:00Z',
      '2026-01-24T09:50:00Z',
    );
    expect(clan('#9PJRJRPC').place.mid).toBe(2);
    expect(clan('#2YG00LVP').place.mid).toBe(1);
    // Wolfpups: 46,150 medals on 283 decks = 163.07 a deck; 283 − 119 today = 164 decks on day 1, so 164 − 119 = 45
    // still to come today: 45 × 163.07 = 7,338 on top of its 20,050 = 27,388. We have 16,350: 11,039 more, in steps
    // of 25: 11,050. Our 46 players who fought this week have 46 × 4 − 102 = 82 decks left; at our 42,400 / 275 =
    // 154.2 medals a deck that is 72 decks; on 82 decks, 11,050 / 82 = 134.8 a deck = 100 + 100 × w: w = 34.8%.
    expect(projection.pass).toEqual({
      aheadTag: '#2YG00LVP',
      aheadName: 'Wolfpups',
      medalsNeeded: 11_050,
      decksLeft: 82,
      decksAtOurPace: 72,
      winRate: expect.closeTo(0.3476, 3),
    });
    // After the close, fame only rises: each clan's range at day 3's close starts at or above today's boat.
    for (const c of projection.clans) expect(c.atResets[1]!.fame.low).toBeGreaterThanOrEqual(c.atResets[0]!.fame.low);
    expect(projection.clans.every((c) => c.atResets.length === 3)).toBe(true);
  });

  it('a week finished at the close of day 3: the logged end lies in every range (riverracelog 133/3)', () => {
    // Battle day 4 (period 27), 18:00 UTC. POAP KINGS crossed at the close of day 3 (finishTime 06-28 09:37:04).
    const { projection, clan } = projectFixture(
      'currentriverrace.json',
      '#J2RGCRVG',
      '2026-06-28T18:00:00Z',
      '2026-06-29T09:37:05Z',
    );
    expect(clan('#J2RGCRVG')).toMatchObject({
      finished: true,
      final: { low: 10_000, mid: 10_000, high: 10_000 },
      finish: { day: 3, at: '2026-06-28T09:37:04.000Z', chance: 1 },
      place: { mid: 1, best: 1, worst: 1 },
    });
    expect(projection.pass).toBeNull();
    // The log's end of that week: 55 club 3,000 (2nd), The Nuts 1,859 (3rd), GG EZ 1,800 (4th), budowlanka 0 (5th).
    const logged = { '#R8GJR8R9': [3000, 2], '#J29PVQL0': [1859, 3], '#GRPCVYGP': [1800, 4], '#QQ80YQ8J': [0, 5] };
    for (const [tag, [fame, place]] of Object.entries(logged)) {
      const c = clan(tag);
      expect(fame, tag).toBeGreaterThanOrEqual(c.final.low);
      expect(fame, tag).toBeLessThanOrEqual(c.final.high);
      expect(place, tag).toBeGreaterThanOrEqual(c.place.best);
      expect(place, tag).toBeLessThanOrEqual(c.place.worst);
    }
    // budowlanka never used a deck (no medals on any logged day): its boat stays at 0 and it is last for sure.
    expect(clan('#QQ80YQ8J').place).toMatchObject({ mid: 5, best: 5, worst: 5, chanceOfMid: 1 });
    // 55 club has 600 medals today and ranks among four clans still racing: at worst fourth, 600 (§7.4).
    expect(clan('#R8GJR8R9').final.low).toBeGreaterThanOrEqual(600);
  });

  it('a colosseum week: final medals, no finish line (hand-worked)', () => {
    // Season 133, colosseum battle day 3 (period 33), 18:00 UTC; the week ends after day 4.
    const { projection, clan } = projectFixture(
      'currentriverrace.colosseum.json',
      '#J2RGCRVG',
      '2026-07-04T18:00:00Z',
      '2026-07-05T09:37:05Z',
    );
    const ours = clan('#J2RGCRVG');
    // 26,450 medals on 168 decks = 157.4 a deck; 168 − 31 today = 137 decks over two days = 68.5 a day, so 37.5 still
    // to come today = 5,904. Day 4 is one of its days (10,025 to 11,550), give or take 8%; the rest of today is one of
    // them too, scaled by 5,904 over their weighted mean of 10,809 (0.546 of a day): 10,025 × 0.92 × 0.546 = 5,038 at
    // the least, 11,550 × 1.08 × 0.546 = 6,813 at the most. So 26,450 + 5,038 + 10,025 × 0.92 = 40,711 at the least
    // likely low, 26,450 + 6,813 + 11,550 × 1.08 = 45,737 high.
    expect(ours.final.mid).toBeGreaterThan(40_711);
    expect(ours.final.mid).toBeLessThan(45_737);
    expect(ours.atResets.map((r) => r.day)).toEqual([3, 4]);
    expect(projection.clans.every((c) => c.finish === null)).toBe(true);
    // The four others have not used one colosseum deck: first for sure.
    expect(ours.place).toMatchObject({ mid: 1, best: 1, worst: 1 });
    expect(ours.chanceFirst).toBe(1);
    expect(projection.pass).toBeNull();
  });

  it('is repeatable: the same race, the same answer', () => {
    const a = projectFixture('currentriverrace.json', '#J2RGCRVG', '2026-06-28T18:00:00Z', '2026-06-29T09:37:05Z');
    const b = projectFixture('currentriverrace.json', '#J2RGCRVG', '2026-06-28T18:00:00Z', '2026-06-29T09:37:05Z');
    expect(a.projection).toEqual(b.projection);
  });
});
