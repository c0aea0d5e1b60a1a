import { describe, expect, it } from 'vitest';
import { displayName, playerProfileUrl, stripMarkup } from './player-name';

describe('stripMarkup', () => {
  it.each([
    ['<c7>Lantern', 'Lantern'],
    ['<c2>Gold</c> Knight', 'Gold Knight'],
    ['<color=#ff0000>Red</color>', 'Red'],
    ['I <3 Hog', 'I <3 Hog'],
    ['<b>bold</b>', '<b>bold</b>'],
    ['  Spaced  ', 'Spaced'],
  ])('%s → %s', (input, expected) => {
    expect(stripMarkup(input)).toBe(expected);
  });
});

describe('displayName', () => {
  it('falls back when nothing is left', () => {
    expect(displayName('<c1></c>')).toBe('Unknown player');
    expect(displayName(null)).toBe('Unknown player');
  });
});

describe('playerProfileUrl', () => {
  it('drops the # of the tag', () => {
    expect(playerProfileUrl('#9yrj0g')).toBe('https://royaleapi.com/player/9YRJ0G');
  });
});
