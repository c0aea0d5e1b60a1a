import { describe, expect, it } from 'vitest';
import {
  clanMembersSchema,
  clanSchema,
  currentRiverRaceSchema,
  playerSchema,
  riverRaceLogSchema,
} from '../../src/clients/clash-royale/schemas.js';
import { parseCrTime } from '../../src/clients/clash-royale/timestamps.js';
import { fixtureFiles, readFixture } from '../helpers/cr-fixtures.js';

const read = (name: string): unknown => readFixture(name);

describe('Clash Royale response schemas on the recorded fixtures', () => {
  it('parse every fixture file in the folder', () => {
    const schemas: Record<string, { parse(v: unknown): unknown }> = {
      'clan.json': clanSchema,
      'members.json': clanMembersSchema,
      'player.json': playerSchema,
      'riverracelog.json': riverRaceLogSchema,
    };
    const files = fixtureFiles();
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const file of files) {
      const schema = schemas[file] ?? (file.startsWith('currentriverrace') ? currentRiverRaceSchema : undefined);
      expect(schema, `no schema for ${file}`).toBeDefined();
      expect(() => schema!.parse(read(file)), file).not.toThrow();
    }
  });

  it('reads clan.json with its location and lastSeen as dates', () => {
    const clan = clanSchema.parse(read('clan.json'));
    expect(clan).toMatchObject({ tag: '#J2RGCRVG', clanScore: 124218, clanWarTrophies: 720, members: 47 });
    expect(clan.location?.name).toBe('International');
    expect(clan.memberList).toHaveLength(47);
    expect(clan.memberList[0]!.lastSeen).toEqual(new Date('2026-07-04T15:40:52.000Z'));
  });

  it('reads finishTime: a date for the finisher, null for the sentinel and when absent', () => {
    const race = currentRiverRaceSchema.parse(read('currentriverrace.json'));
    expect(race.clan.finishTime).toEqual(new Date('2026-06-28T09:37:04.000Z'));
    expect(race.clans.filter((c) => c.tag !== race.clan.tag).every((c) => c.finishTime === null)).toBe(true);
    const log = riverRaceLogSchema.parse(read('riverracelog.json'));
    expect(log.items[0]).toMatchObject({
      seasonId: 133,
      sectionIndex: 3,
      createdDate: new Date('2026-06-29T09:37:06.000Z'),
    });
    expect(log.items[0]!.standings[1]!.clan.finishTime).toBeNull();
  });

  it('keeps participants, period logs and periodType of a battle day', () => {
    const race = currentRiverRaceSchema.parse(read('currentriverrace.warday-inprogress.json'));
    expect(race.periodType).toBe('warDay');
    expect(race.clan.periodPoints).toBe(16350);
    expect(race.periodLogs.map((p) => p.periodIndex)).toEqual([3, 4, 5, 6, 10, 11, 12, 13, 17]);
    expect(race.clan.participants[0]).toEqual(
      expect.objectContaining({
        decksUsed: expect.any(Number),
        decksUsedToday: expect.any(Number),
        boatAttacks: expect.any(Number),
      }),
    );
  });

  it('reads the player profile: ranked result with null rank and progress buckets', () => {
    const player = playerSchema.parse(read('player.json'));
    expect(player.currentPathOfLegendSeasonResult).toEqual({ leagueNumber: 1, trophies: 0, rank: null });
    expect(player.progress['AutoChess_2026_Season_9']).toMatchObject({ trophies: 269, arena: { name: 'Bronze II' } });
  });

  it('tolerates unknown keys and absent optional keys', () => {
    const player = playerSchema.parse({
      tag: '#2209PJPVGG',
      name: 'x',
      expLevel: 50,
      trophies: 9000,
      bestTrophies: 9100,
      kingTowerLevel: 15,
      collectionLevel: 3,
    });
    expect(player.currentPathOfLegendSeasonResult).toBeNull();
    expect(player.clan).toBeUndefined();
    expect(player.progress).toEqual({});
  });
});

describe('parseCrTime', () => {
  it.each([
    ['20260704T162758.000Z', new Date('2026-07-04T16:27:58.000Z')],
    ['19691231T235959.000Z', null],
    ['2026-07-04T16:27:58Z', undefined],
    ['20261332T000000.000Z', undefined],
  ])('%s', (text, expected) => {
    expect(parseCrTime(text)).toEqual(expected);
  });
});
