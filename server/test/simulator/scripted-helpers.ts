/* eslint-disable @typescript-eslint/no-explicit-any -- raw API payloads */
import { expect } from 'vitest';
import { SimState } from '../../src/simulator/state.js';
import { ask, FEEDERS, MAIN } from './family-helpers.js';

/**
 * The week the scripted moves are played in: seed 31, November 2026's third week (season 138, section 2). Its resets,
 * from the calendar: Thursday 09:50:39 (battle day 1), Friday 09:36:25, Saturday 09:34:00, Sunday 09:38:44 and
 * Monday 09:41:26 (the week's end; the log lists it from 10:05:39). The main clan crosses at day 4's close, the
 * feeders never: every battle deck earns its fame.
 */
export const A = MAIN;
export const B = FEEDERS[0]!.tag;
export const Y = FEEDERS[1]!.tag;
export const SEASON = 138;
export const SECTION = 2;
/** periodIndex of battle days 1–4 */
export const DAY1 = 17;
export const DAY2 = 18;
export const DAY3 = 19;
export const FOUNDED = new Date('2024-01-01T00:00:00Z');

export const at = (iso: string) => new Date(iso);

/** The family without any move but the test's. */
export const quietFamily = () => new SimState(31, MAIN, 'Demo Royale', { family: FEEDERS, moveRate: 0 });

/** The player's own decks of the week's battle days cancelled: they play what the test makes them play. */
export function quietWeek(state: SimState, tag: string): void {
  for (const day of ['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'])
    state.silence(tag, at(`${day}T12:00:00Z`));
}

/** The player's entry in a clan's live race (undefined: not a participant). */
export function entry(state: SimState, clan: string, tag: string, iso: string) {
  const p = ask(state, 'currentriverrace', clan, Date.parse(iso)).body.clan.participants.find(
    (x: any) => x.tag === tag,
  );
  return p && { decksUsed: p.decksUsed, fame: p.fame, decksUsedToday: p.decksUsedToday };
}

/** The player's entry in the clan's log of the week (undefined: not listed). */
export function logEntry(state: SimState, clan: string, tag: string) {
  const item = ask(state, 'riverracelog', clan, Date.parse('2026-11-23T11:00:00Z'), 'limit=1').body.items[0];
  expect([item.seasonId, item.sectionIndex]).toEqual([SEASON, SECTION]);
  const p = item.standings.find((s: any) => s.clan.tag === clan).clan.participants.find((x: any) => x.tag === tag);
  return p && { decksUsed: p.decksUsed, fame: p.fame, decksUsedToday: p.decksUsedToday };
}

/** The player's role in the clan's member list (null: not in it). */
export function listed(state: SimState, clan: string, tag: string, iso: string): string | null {
  const m = ask(state, 'members', clan, Date.parse(iso)).body.items.find((x: any) => x.tag === tag);
  return m?.role ?? null;
}

/** The clan `/players/{tag}` names (null: none). */
export function profileClan(state: SimState, tag: string, iso: string): string | null {
  return ask(state, 'player', tag, Date.parse(iso)).body.clan?.tag ?? null;
}
