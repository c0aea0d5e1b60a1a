import type { DbHandle } from '../../db/handle.js';
import { autoStrikes, fameStrikes, type AutoStrike } from '../../modules/leaders/auto-strikes.js';
import { insertNote } from '../../modules/leaders/notes.repository.js';
import { readStrikeRules } from '../../modules/leaders/strike-rules.repository.js';
import { strikeExpiry } from '../../modules/leaders/strikes.js';
import { excusedDays } from '../../modules/war/insights/excused-reading.js';
import {
  listRosterEntries,
  listWarDays,
  listWarWeeks,
  readWarRules,
} from '../../modules/war/insights/war-insights.repository.js';
import { buildWarReport } from '../../modules/war/insights/war-report.js';

/** Writes each strike once (`auto_key`), by `auto`, lasting the clan's strike days from now; returns how many were new. */
async function give(db: DbHandle, clanTag: string, strikes: readonly AutoStrike[], days: number, now: Date) {
  let given = 0;
  for (const s of strikes) {
    const note = await insertNote(db, {
      playerTag: s.playerTag,
      clanTag,
      kind: 'strike',
      reason: s.reason,
      createdAt: now.toISOString(),
      expiresAt: strikeExpiry(now, days).toISOString(),
      author: 'auto',
      autoKey: s.key,
    });
    if (note) given++;
  }
  return given;
}

/**
 * Gives the clan's automatic strikes (docs/leaders-memory.md) when its rules turn them on: each judged 0/4 day of the
 * stored weeks of this season and the one before, once (`auto_key`), with the clan's strike lifetime from now.
 */
export async function giveAutoStrikes(db: DbHandle, clanTag: string, seasonId: number, now: Date): Promise<number> {
  const strikeRules = await readStrikeRules(db, clanTag);
  if (!strikeRules.auto) return 0;
  const days = await excusedDays(db, await listWarDays(db, clanTag, seasonId - 1));
  return give(db, clanTag, autoStrikes(clanTag, days, await readWarRules(db, clanTag)), strikeRules.days, now);
}

/**
 * Gives the clan's automatic strikes for the newest stored week below the fame minimum (docs/leaders-memory.md) when
 * its rules turn them on: the members the War report lists below the minimum for that week, each once (`auto_key`).
 * Called by the run that stores the week, in its transaction, after the week's rows are written.
 */
export async function giveFameStrikes(db: DbHandle, clanTag: string, now: Date): Promise<number> {
  const strikeRules = await readStrikeRules(db, clanTag);
  if (!strikeRules.auto) return 0;
  const newest = (await listWarWeeks(db, clanTag))[0];
  if (!newest) return 0;
  // one after another: this runs inside the storing run's transaction
  const rules = await readWarRules(db, clanTag);
  const storedDays = await listWarDays(db, clanTag, newest.seasonId);
  const roster = await listRosterEntries(db, clanTag);
  const days = await excusedDays(db, storedDays);
  const report = buildWarReport({ rules, weeks: [newest], days, roster, now });
  return give(db, clanTag, fameStrikes(clanTag, report), strikeRules.days, now);
}
