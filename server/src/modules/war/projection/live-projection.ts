import type { AppContext } from '#server/app-context';
import { predictReset } from '../../reminders/reminders.service.js';
import { DAY_MS } from '../calendar.js';
import { projectionInput, type LiveRace } from './from-race.js';
import { projectRace } from './project-race.js';
import type { RaceProjection } from './types.js';

type DbHandle = AppContext['db']['kysely'];

/**
 * Until the snapshots have shown a reset, the next one is taken at 09:45 UTC, the middle of the window the game's
 * resets fall in (docs/clash-royale-api.md §7.2).
 */
const FALLBACK_RESET_MS = (9 * 60 + 45) * 60_000;

export function fallbackReset(now: Date): Date {
  const day = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const today = day + FALLBACK_RESET_MS;
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}

/**
 * The race projection of one poll of a clan's race (docs/war-tracking.md "Where the race will end"), with the next
 * reset the clan's snapshots predict. Null on training days. The one way every page, command and message gets it.
 */
export async function liveProjection(
  db: DbHandle,
  clanTag: string,
  race: LiveRace,
  members: readonly string[],
  now: Date,
): Promise<RaceProjection | null> {
  const nextReset = (await predictReset(db, clanTag, now))?.at ?? fallbackReset(now);
  const input = projectionInput(race, { ourTag: clanTag, members, now, nextReset });
  return input ? projectRace(input) : null;
}
