import type { RiverRaceResult } from '#contracts/admin-scripts';
import { weekTitle } from '../../modules/war/titles.js';
import type { ScriptOutcome, ScriptRunContext } from '../types.js';
import { monthlyCorrection } from './monthly-correction.js';
import { readLogWeeks } from './river-race-weeks.js';

/**
 * river-race-log (docs/war-tracking.md): stores every participant of every finished week not stored
 * yet, with the week's rank, trophy change and clan fame, plus the closed battle days' medal
 * totals (highest war day). Idempotent: a rerun adds nothing. When the week a monthly top 20 was
 * posted without arrives, the corrected top 20 goes with it.
 */
export async function runRiverRaceLog(ctx: ScriptRunContext): Promise<ScriptOutcome<RiverRaceResult>> {
  const weeks = await readLogWeeks(ctx);
  const newest = weeks.poll.log[0];
  const memberCount = newest ? newest.participants.length : 0;
  const correction = await monthlyCorrection(ctx, weeks.missing);
  return {
    result: { memberCount },
    message: newest
      ? `${weeks.missing.length} new week(s) stored; newest week ` +
        `${weekTitle(newest.seasonId, newest.sectionIndex, newest.createdDate)} has ${memberCount} participants.` +
        (correction ? ` ${correction.line}` : '')
      : 'The river race log is empty: no finished week to store.',
    outputs: weeks.outputs,
    dataProcessed: weeks.missing.reduce((n, w) => n + w.participants.length, 0),
    discord: [...weeks.discord, ...(correction?.discord ?? [])],
    write: async (trx) => {
      await weeks.write(trx);
      await correction?.write(trx);
    },
  };
}
