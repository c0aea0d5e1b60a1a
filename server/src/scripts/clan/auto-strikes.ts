import type { DbHandle } from '../../db/handle.js';
import { autoStrikes } from '../../modules/leaders/auto-strikes.js';
import { insertNote } from '../../modules/leaders/notes.repository.js';
import { readStrikeRules } from '../../modules/leaders/strike-rules.repository.js';
import { strikeExpiry } from '../../modules/leaders/strikes.js';
import { excusedDays } from '../../modules/war/insights/excused-reading.js';
import { listWarDays, readWarRules } from '../../modules/war/insights/war-insights.repository.js';

/**
 * Gives the clan's automatic strikes (docs/leaders-memory.md) when its rules turn them on: each judged 0/4 day of the
 * stored weeks of this season and the one before, once (`auto_key`), with the clan's strike lifetime from now.
 */
export async function giveAutoStrikes(db: DbHandle, clanTag: string, seasonId: number, now: Date): Promise<number> {
  const strikeRules = await readStrikeRules(db, clanTag);
  if (!strikeRules.auto) return 0;
  const days = await excusedDays(db, await listWarDays(db, clanTag, seasonId - 1));
  let given = 0;
  for (const s of autoStrikes(clanTag, days, await readWarRules(db, clanTag))) {
    const note = await insertNote(db, {
      playerTag: s.playerTag,
      clanTag,
      kind: 'strike',
      reason: s.reason,
      createdAt: now.toISOString(),
      expiresAt: strikeExpiry(now, strikeRules.days).toISOString(),
      author: 'auto',
      autoKey: s.key,
    });
    if (note) given++;
  }
  return given;
}
