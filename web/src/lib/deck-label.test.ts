import { describe, expect, it } from 'vitest';
import { deckCellText, deckLabel } from './deck-label';

describe('heatmap cell labels', () => {
  it.each([
    [{ day: 2, decksUsed: 3, decksUsedMax: 3, note: 'counted' }, 'Battle day 2: 3 of 4 decks'],
    [{ day: 3, decksUsed: 1, decksUsedMax: 2, note: 'counted' }, 'Battle day 3: 1 to 2 of 4 decks (uncertain)'],
    [{ day: 3, decksUsed: 2, decksUsedMax: 4, note: 'uncertain' }, 'Battle day 3: 2 to 4 of 4 decks (uncertain)'],
    [
      { day: 4, decksUsed: 0, decksUsedMax: 0, note: 'race-finished' },
      'Battle day 4: 0 of 4 decks (race already finished, not counted)',
    ],
    [
      { day: 1, decksUsed: 1, decksUsedMax: 1, note: 'joined' },
      'Battle day 1: 1 of 4 decks (joined that day, not counted)',
    ],
    [{ day: 2, decksUsed: 0, decksUsedMax: 0, note: 'excused' }, 'Battle day 2: 0 of 4 decks (excused, not counted)'],
    [
      { day: 3, decksUsed: 1, decksUsedMax: 1, note: 'untracked' },
      "Battle day 3: 1 of 4 decks (not tracked at the day's start, not counted)",
    ],
    [{ day: 1, decksUsed: 0, decksUsedMax: 4, note: 'not-reported' }, 'Battle day 1: not reported'],
    [{ day: 2, decksUsed: null, decksUsedMax: null, note: 'not-reported' }, 'Battle day 2: not reported'],
    [{ day: 4, decksUsed: null, decksUsedMax: null, note: 'not-in-clan' }, 'Battle day 4: not in the clan'],
  ] as const)('%j', (d, label) => {
    expect(deckLabel(d)).toBe(label);
  });

  it('never shows a day the data says nothing about as 0', () => {
    expect(deckCellText({ day: 1, decksUsed: null, decksUsedMax: null, note: 'not-reported' })).toBe('–');
    expect(deckCellText({ day: 1, decksUsed: null, decksUsedMax: null, note: 'not-in-clan' })).toBe('–');
    expect(deckCellText({ day: 1, decksUsed: 0, decksUsedMax: 0, note: 'counted' })).toBe('0');
  });
});
