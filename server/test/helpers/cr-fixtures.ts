import fs from 'node:fs';
import {
  logWeekFromApi,
  snapshotFromApi,
  type ApiCurrentRiverRace,
  type ApiRiverRaceLogItem,
} from '../../src/modules/war/api-adapters.js';
import type { RiverRaceLogWeek, RiverRaceSnapshot } from '../../src/modules/war/types.js';

/**
 * The one way tests read the recorded Clash Royale API responses kept in
 * server/test/fixtures/cr-api (real API output, never edited; SOURCES.md there says where each
 * file came from).
 */
export const FIXTURE_DIR = new URL('../fixtures/cr-api/', import.meta.url);

/** The clan the war recordings belong to. */
export const FIXTURE_CLAN_TAG = '#J2RGCRVG';

/** Every recorded response file name (`clan.json`, `currentriverrace.training.json`, …). */
export function fixtureFiles(): string[] {
  return fs
    .readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
}

export function readFixture<T = unknown>(name: string): T {
  return JSON.parse(fs.readFileSync(new URL(name, FIXTURE_DIR), 'utf8')) as T;
}

export function fixtureSnapshot(name: string, takenAt: Date, seasonId = 133): RiverRaceSnapshot {
  return snapshotFromApi(readFixture<ApiCurrentRiverRace>(name), takenAt, seasonId);
}

export function fixtureLogWeeks(): RiverRaceLogWeek[] {
  const log = readFixture<{ items: ApiRiverRaceLogItem[] }>('riverracelog.json');
  return log.items.map((item) => {
    const week = logWeekFromApi(item, FIXTURE_CLAN_TAG);
    if (!week) throw new Error('fixture clan missing from a log item');
    return week;
  });
}

export function fixtureMembers(): { tag: string; name: string }[] {
  return readFixture<{ memberList: { tag: string; name: string }[] }>('clan.json').memberList.map(({ tag, name }) => ({
    tag,
    name,
  }));
}

export function fixtureMemberTags(): string[] {
  return fixtureMembers().map((m) => m.tag);
}
