import { describe, expect, it } from 'vitest';
import { placementGains } from '#server/modules/war/projection/day-close';
import { readFixture } from '#test/helpers/cr-fixtures';

interface Log {
  periodIndex: number;
  items: { clan: { tag: string }; pointsEarned: number; progressEarned: number; endOfDayRank: number }[];
}

/**
 * Every closed battle day the recordings hold: the boat's placement gain the close rule gives must be the
 * `progressEarned` the game logged. Clans already over the line (rank −1) are out of the day's ranking. The logs
 * include a tie (season 128, period 6: two clans at 23,475 medals both got 800, the average of 1000 and 600) and
 * days after a clan crossed (season 133, periods 6, 13, 20, 27: the others rank among four).
 */
describe('placementGains, against every logged close', () => {
  const days = ['currentriverrace.warday-inprogress.json', 'currentriverrace.colosseum.json'].flatMap((file) =>
    readFixture<{ periodLogs: Log[] }>(file).periodLogs.map((log) => ({ file, log })),
  );

  it.each(days.map(({ file, log }) => [file, log.periodIndex, log] as const))('%s period %i', (_f, _p, log) => {
    const racing = log.items.filter((i) => i.endOfDayRank >= 0);
    const gains = placementGains(
      new Map(racing.map((i) => [i.clan.tag, i.pointsEarned])),
      racing.map((i) => i.clan.tag),
    );
    for (const item of racing) expect(gains.get(item.clan.tag), item.clan.tag).toBe(item.progressEarned);
  });

  it('shares the average of tied places (hand-worked: period 6 of season 128)', () => {
    const gains = placementGains(
      new Map([
        ['A', 26350],
        ['B', 26000],
        ['C', 23475],
        ['D', 23475],
        ['E', 22300],
      ]),
      ['A', 'B', 'C', 'D', 'E'],
    );
    // 3000 and 1800 for the first two; C and D share (1000 + 600) / 2 = 800; E is fifth: 400.
    expect([...gains.values()]).toEqual([3000, 1800, 800, 800, 400]);
  });
});
