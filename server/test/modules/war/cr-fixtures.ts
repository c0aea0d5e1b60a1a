import fs from 'node:fs';
import path from 'node:path';
import { logWeekFromApi, snapshotFromApi, type ApiCurrentRiverRace, type ApiRiverRaceLogItem } from '../../../src/modules/war/api-adapters.js';
import type { RiverRaceLogWeek, RiverRaceSnapshot } from '../../../src/modules/war/types.js';

/** The real recordings in ../shared/fixtures/cr-api (never edited; see SOURCES.md there). */
const DIR = path.resolve(process.cwd(), '../shared/fixtures/cr-api');

export const FIXTURE_CLAN_TAG = '#J2RGCRVG';

export function readFixture<T>(name: string): T {
  return JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8')) as T;
}

export function fixtureSnapshot(name: string, takenAt: Date, seasonId: number | null = 133): RiverRaceSnapshot {
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
  return readFixture<{ memberList: { tag: string; name: string }[] }>('clan.json').memberList.map(({ tag, name }) => ({ tag, name }));
}

export function fixtureMemberTags(): string[] {
  return fixtureMembers().map((m) => m.tag);
}
