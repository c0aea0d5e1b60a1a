import { describe, expect, it } from 'vitest';
import { projectedSummary } from '#contracts/race-projection-text';
import type { DeckReport } from '#server/modules/war/deck-report';
import { inactivePlayersMessage } from '#server/modules/war/discord-messages';
import { projectionLine } from '#server/modules/war/projection/projection-line';
import type { ClanProjection, RaceProjection } from '#server/modules/war/projection/types';
import { warReminderMessage } from '#server/modules/war/reminder-message';

/** A clan's projection written by hand: only the fields the line reads matter. */
function clan(tag: string, over: Partial<ClanProjection>): ClanProjection {
  return {
    tag,
    name: tag,
    atResets: [],
    final: { low: 5200, mid: 6000, high: 6800 },
    finish: null,
    place: { mid: 4, best: 3, worst: 5, chanceOfMid: 0.5 },
    chanceFirst: 0,
    finished: false,
    ...over,
  };
}

const crossing = clan('#OURS', {
  finish: { day: 3, at: '2026-11-21T09:40:00.000Z', chance: 0.7 },
  place: { mid: 2, best: 1, worst: 3, chanceOfMid: 0.56 },
});
const race = (ours: ClanProjection, mode: RaceProjection['mode'] = 'normal'): RaceProjection => ({
  mode,
  day: 2,
  runs: 400,
  clans: [clan('#OTHER', {}), ours],
  pass: null,
});

describe('the projection line (worked by hand)', () => {
  it('says the place with its range and the crossing with how sure', () => {
    expect(projectedSummary(crossing, 'normal')).toBe('2nd (1st–3rd), crossing at the close of day 3 (70%)');
    expect(projectionLine(race(crossing), '#OURS', 'placed right 2 of 3 weeks at the start of day 2')).toBe(
      '**Projected** at battle day 2: 2nd (1st–3rd), crossing at the close of day 3 (70%) · placed right 2 of 3 ' +
        'weeks at the start of day 2',
    );
  });

  it('gives the fame range when most played-out weeks do not cross, and one place when it cannot change', () => {
    const behind = clan('#OURS', { place: { mid: 5, best: 5, worst: 5, chanceOfMid: 1 } });
    expect(projectionLine(race(behind), '#OURS', null)).toBe(
      '**Projected** at battle day 2: 5th, 5,200–6,800 fame at the end',
    );
    expect(projectedSummary(clan('#X', { final: { low: 41_000, mid: 43_000, high: 45_250 } }), 'colosseum')).toBe(
      '4th (3rd–5th), 41,000–45,250 medals at the end',
    );
  });

  it('is left out on a training day and once our clan is over the line', () => {
    expect(projectionLine(null, '#OURS', null)).toBeNull();
    expect(projectionLine(race(clan('#OURS', { finished: true })), '#OURS', null)).toBeNull();
  });
});

const LINE = '**Projected** at battle day 2: 2nd (1st–3rd), crossing at the close of day 3 (70%)';

describe('the reminder and the day report with the line switched on', () => {
  it('ends the battle-day reminder', () => {
    const message = warReminderMessage({
      left: { day: 2, groups: [{ used: 1, players: [{ tag: '#A', name: 'Ann' }] }] },
      links: new Map(),
      reset: { at: new Date('2026-11-20T09:45:00Z'), margin: 20 * 60_000 },
      now: new Date('2026-11-20T08:45:00Z'),
      projection: LINE,
    });
    expect(message.content).toBe(
      [
        '**War reminder · Battle day 2**',
        '1 still to play: the day ends in about 1 h (reset expected at 09:45 UTC, ± 20 min).',
        '',
        '**1/4 decks** (1)',
        '- Ann',
        '',
        LINE,
      ].join('\n'),
    );
  });

  it('ends the day report', () => {
    const report: DeckReport = {
      seasonId: 133,
      sectionIndex: 3,
      day: 1,
      raceFinished: false,
      complete: true,
      players: [{ tag: '#B', name: 'Ben', decksUsed: 0, maxDecksUsed: 0, status: 'inactive' }],
    };
    const { content } = inactivePlayersMessage(report, 'Battle day 1', { projection: LINE });
    expect(content).toBe(
      ['**Inactive players · Battle day 1**', '', '**0/4 decks** (1)', '- Ben (#B)', '', LINE].join('\n'),
    );
    // off (the default): no line
    expect(inactivePlayersMessage(report, 'Battle day 1').content).not.toContain('Projected');
  });
});
