import { describe, expect, it } from 'vitest';
import { initialsOf } from '../components/clan-badge';
import { clanPagePath, ordinal, raceText } from './card-text';

describe('family card texts', () => {
  it('writes English ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });
  it('says why a race has no place', () => {
    const race = { periodType: 'training', rank: null, clansInRace: 5, decksUsed: 0, fame: 0 };
    expect(raceText(race)).toBe('Training days');
    expect(raceText({ ...race, periodType: 'warDay', rank: 2 })).toBe('2nd of 5');
    expect(raceText(null)).toBe('Not available');
  });
  it('links a clan by its tag without #', () => {
    expect(clanPagePath('#8QJ2YLUC')).toBe('/clans/8QJ2YLUC');
  });
  it('draws a badge with the first and last word’s initials', () => {
    expect(initialsOf('Demo Royale ⚔')).toBe('DR');
    expect(initialsOf('Demo Royale Academy')).toBe('DA');
    expect(initialsOf('ålpha')).toBe('Å');
    expect(initialsOf('⚔')).toBe('?');
  });
});
