import { describe, expect, it } from 'vitest';
import { playerSchema } from '#server/clients/clash-royale/schemas';
import { currentMergeTactics, normaliseRole, toMember } from '#server/modules/clan/member-profile';
import { readFixture } from '../../helpers/cr-fixtures.js';

const fixture = readFixture('player.json');
const bucket = (trophies: number, name: string, rawName = 'x') => ({
  trophies,
  arena: { id: 168000050, name, rawName },
});

describe('currentMergeTactics', () => {
  it('picks AutoChess_2026_Season_9 in the recorded profile', () => {
    expect(currentMergeTactics(playerSchema.parse(fixture).progress)).toEqual({ score: 269, arena: 'Bronze II' });
  });

  it('chooses by parsing the key, not by position', () => {
    const progress = {
      AutoChess_2026_Season_11: bucket(900, 'Silver I'),
      'seasonal-trophy-road-202609': bucket(14000, 'Seasonal Arena I'),
      AutoChess_2026_Season_9: bucket(300, 'Bronze II'),
      AutoChess_2026_Mar: bucket(50, 'Bronze I'),
    };
    expect(currentMergeTactics(progress)).toEqual({ score: 900, arena: 'Silver I' });
    expect(
      currentMergeTactics({ AutoChess_2026_Mar: bucket(5, 'A'), AutoChess_2025_Season_12: bucket(7, 'B') })?.score,
    ).toBe(5);
    expect(
      currentMergeTactics({ AutoChess_2026_Season_2: bucket(5, 'A'), AutoChess_2026_Season_10: bucket(7, 'B') })?.score,
    ).toBe(7);
  });

  it('is null when the player never played Merge Tactics', () => {
    expect(currentMergeTactics({ 'seasonal-trophy-road-202609': bucket(14000, 'Seasonal Arena I') })).toBeNull();
  });
});

describe('normaliseRole', () => {
  it.each([
    ['leader', 'leader'],
    ['coLeader', 'coleader'],
    ['elder', 'elder'],
    ['member', 'member'],
    ['somethingNew', 'member'],
  ])('%s -> %s', (input, expected) => expect(normaliseRole(input)).toBe(expected));
});

describe('toMember', () => {
  const roster = {
    tag: '#2209PJPVGG',
    name: '<c7>Nova',
    role: 'coLeader',
    expLevel: 0,
    trophies: 10250,
    donations: 12,
    donationsReceived: 0,
  };
  it('takes expLevel, wins and ranked league from the profile, never the roster expLevel of 0', () => {
    const m = toMember(roster, playerSchema.parse(fixture));
    expect(m).toMatchObject({
      role: 'coleader',
      expLevel: 46,
      wins: 777,
      losses: 478,
      bestTrophies: 10311,
      polLeagueNumber: 1,
      polTrophies: 0,
      mergeTacticsScore: 269,
    });
  });
  it('keeps roster fields and nulls profile fields without a profile', () => {
    expect(toMember(roster, null)).toMatchObject({
      name: '<c7>Nova',
      trophies: 10250,
      donations: 12,
      expLevel: null,
      wins: null,
      polLeagueNumber: null,
    });
  });
});
