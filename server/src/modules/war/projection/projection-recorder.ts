import type { AppContext } from '#server/app-context';
import { battleDayOf } from '../calendar.js';
import type { LiveRace } from './from-race.js';
import { liveProjection } from './live-projection.js';
import { hasProjection, insertProjectionOnce } from './race-projections.repository.js';

type DbHandle = AppContext['db']['kysely'];

/**
 * Keeps the first projection of each battle day (docs/war-tracking.md "Where the race will end"): called with every
 * stored poll, it projects only when the day has none yet, so the record holds what was projected at the day's start
 * (or at the first poll after it). A day the clan begins over the line is not kept: its place is already known.
 */
export async function recordDayProjection(
  db: DbHandle,
  clanTag: string,
  poll: { race: LiveRace; seasonId: number; members: readonly string[]; now: Date },
): Promise<void> {
  const day = battleDayOf(poll.race.periodIndex);
  if (day === null) return;
  const week = { seasonId: poll.seasonId, sectionIndex: poll.race.sectionIndex, day };
  if (await hasProjection(db, clanTag, week)) return;
  const projection = await liveProjection(db, clanTag, poll.race, poll.members, poll.now);
  const ours = projection?.clans.find((c) => c.tag === clanTag);
  if (!projection || !ours || ours.finished) return;
  await insertProjectionOnce(db, {
    clan_tag: clanTag,
    season_id: week.seasonId,
    section_index: week.sectionIndex,
    day,
    made_at: poll.now.toISOString(),
    mode: projection.mode,
    place: ours.place.mid,
    place_best: ours.place.best,
    place_worst: ours.place.worst,
    fame_low: ours.final.low,
    fame_mid: ours.final.mid,
    fame_high: ours.final.high,
    clans: JSON.stringify(
      projection.clans.map((c) => ({ tag: c.tag, name: c.name, place: c.place.mid, fameMid: c.final.mid })),
    ),
  });
}
