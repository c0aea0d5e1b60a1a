import { describe, expect, it } from 'vitest';
import { paceOf } from '#server/modules/war/projection/pace';
import { projectRace } from '#server/modules/war/projection/project-race';
import type { ProjectionClan, ProjectionInput } from '#server/modules/war/projection/types';

/**
 * Season 128 week 2 as logged (`currentriverrace.warday-inprogress.json`, period 10): each clan's day-1 medals,
 * defense and boat. Day 2 is 90% gone; four clans have played 90% of their day-1 decks, Celtics none: it stopped.
 */
const dayOne = [
  { tag: '#2YG00LVP', name: 'Wolfpups', medals: 27_300, defense: 276, boat: 3276 },
  { tag: '#QVVRQ2CU', name: 'Celtics', medals: 27_225, defense: 435, boat: 2235 },
  { tag: '#9PJRJRPC', name: 'OS GUARDIÕES', medals: 24_150, defense: 376, boat: 1376 },
  { tag: '#Q0V9C2LQ', name: 'GOODTEK', medals: 22_075, defense: 233, boat: 833 },
  { tag: '#8Q2PLCR0', name: '>>>FANTOM<<<', medals: 20_500, defense: 435, boat: 835 },
];
const DECKS = 166;

function input(): ProjectionInput {
  const clans = dayOne.map((c): ProjectionClan => {
    const stopped = c.tag === '#QVVRQ2CU';
    const today = stopped ? 0 : Math.round(DECKS * 0.9);
    return {
      tag: c.tag,
      name: c.name,
      fame: c.boat,
      periodPoints: stopped ? 0 : Math.round(c.medals * 0.9),
      finishTime: null,
      decksUsed: DECKS + today,
      decksUsedToday: today,
      medals: c.medals + (stopped ? 0 : Math.round(c.medals * 0.9)),
      players: 46,
    };
  });
  return {
    mode: 'normal',
    day: 2,
    nextReset: new Date('2026-01-24T09:50:00Z'),
    dayElapsed: 0.9,
    clans,
    weekDays: new Map(dayOne.map((c) => [c.tag, [{ medals: c.medals, defense: c.defense }]])),
    history: new Map(),
    ourTag: '#9PJRJRPC',
  };
}

describe('a clan that stopped playing', () => {
  it('is given only the decks the time left allows (hand-worked)', () => {
    const i = input();
    const pace = paceOf(i.clans[1]!, i);
    // 27,225 medals on 166 decks = 164.0 a deck; it usually plays 166 a day, but with a tenth of the day left at
    // most 166 × 0.1 × 1.5 = 24.9 of them: 24.9 × 164.0 = 4,084 medals still to come today.
    expect(pace.rest.mid).toBeCloseTo((27_225 / 166) * 24.9, 0);
    expect(pace.decksPerDay).toBe(166);
  });

  it('ranks last today, so its boat gains 400 and its defense at the close (hand-worked)', () => {
    const projection = projectRace(input());
    const celtics = projection.clans.find((c) => c.tag === '#QVVRQ2CU')!;
    // About 4,084 medals today against at least 18,450 for each of the others: fifth, 400, plus its 435 defense.
    expect(celtics.atResets[0]!.fame).toEqual({ low: 3070, mid: 3070, high: 3070 });
    // Wolfpups, first on day 1 and playing: 3,276 + 3,000 + 276 = 6,552 when it stays ahead of the other three.
    expect(projection.clans[0]!.atResets[0]!.fame.high).toBe(6552);
  });
});
