import { recordText } from '#contracts/race-projection-text';
import type { AppContext } from '#server/app-context';
import { loadProjectionLineOn } from '../../reminders/reminders.service.js';
import type { LiveRace } from './from-race.js';
import { liveProjection } from './live-projection.js';
import { projectionLine } from './projection-line.js';
import { listScoredProjections } from './race-projections.repository.js';
import { RECORD_WEEKS, trackRecord } from './track-record.js';

/**
 * The projection line for a reminder or a day report from the poll the script just made, when the clan switched it on
 * (`war-reminders.projection-line`, off by default); null when off, on a training day or over the line.
 */
export async function projectionLineFor(
  db: AppContext['db']['kysely'],
  clanTag: string,
  race: LiveRace,
  members: readonly string[],
  now: Date,
): Promise<string | null> {
  if (!(await loadProjectionLineOn(db, clanTag))) return null;
  const [projection, scored] = await Promise.all([
    liveProjection(db, clanTag, race, members, now),
    listScoredProjections(db, clanTag, RECORD_WEEKS),
  ]);
  const record = projection ? recordText(trackRecord(scored), projection.day) : null;
  return projectionLine(projection, clanTag, record);
}
