/* eslint-disable @typescript-eslint/no-explicit-any -- raw API payloads, read as the recordings are */
import { parseCrTime } from '../../src/clients/clash-royale/timestamps.js';
import type { SimRoute } from '../../src/simulator/faults.js';
import { answer } from '../../src/simulator/routes.js';
import { SimState } from '../../src/simulator/state.js';

/** A family of three over a month (November 2026 and its colosseum week), with about a move every two days. */
export const MAIN = '#2PQ8L0C';
export const FEEDERS = [
  { tag: '#8QJ2YLUC', name: 'Demo Academy' },
  { tag: '#9PG2C0QV', name: 'Demo Youth' },
];
export const FAMILY_TAGS = [MAIN, ...FEEDERS.map((c) => c.tag)];
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const FROM = Date.parse('2026-11-02T00:00:00Z');
export const TO = Date.parse('2026-12-08T00:00:00Z');
export const SENTINEL = '19691231T235959.000Z';
export const FINISH_LINE = 10_000;

export const familyState = (seed = 31, moveRate = 1) =>
  new SimState(seed, MAIN, 'Demo Royale', { family: FEEDERS, moveRate });

/** One endpoint's answer at `t`, as the HTTP server would send it. */
export function ask(state: SimState, route: SimRoute, param: string | undefined, t: number, query = ''): any {
  return answer(state, route, param, new URLSearchParams(query), t);
}

/** Member tags of each family clan at `t`, by clan tag. */
export function memberLists(state: SimState, t: number): Map<string, string[]> {
  return new Map(FAMILY_TAGS.map((tag) => [tag, ask(state, 'members', tag, t).body.items.map((m: any) => m.tag)]));
}

/** The one family clan whose list holds the player at `t` (null: none; throws when in two). */
export function listedIn(lists: Map<string, string[]>, playerTag: string): string | null {
  const clans = [...lists].filter(([, tags]) => tags.includes(playerTag)).map(([clan]) => clan);
  if (clans.length > 1) throw new Error(`${playerTag} is in ${clans.join(' and ')}`);
  return clans[0] ?? null;
}

export const time = (text: string) => parseCrTime(text)!.getTime();
export const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
export const logClan = (item: any, tag: string) => item.standings.find((s: any) => s.clan.tag === tag).clan;

/** Battle day (1–4) at whose close a log item's clan crossed, from how long before the week's end (fidelity test). */
export function closeCrossed(item: any, tag: string): number | null {
  const clan = logClan(item, tag);
  if (clan.finishTime === SENTINEL) return null;
  return 4 - Math.round((time(item.createdDate) - time(clan.finishTime)) / DAY);
}

/** The week's closed days of one clan in a race's periodLogs, in order (fidelity test). */
export function weekDays(race: any, tag: string, sectionIndex: number): any[] {
  return [3, 4, 5, 6].flatMap((d) => {
    const entry = race.periodLogs
      .find((p: any) => p.periodIndex === 7 * sectionIndex + d)
      ?.items.find((i: any) => i.clan.tag === tag);
    return entry ? [entry] : [];
  });
}
