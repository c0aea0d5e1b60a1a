import { toIso } from '../../lib/clock.js';
import { z } from 'zod';
import type { DeckReport, DeckReportPlayer, DeckStatus } from './deck-report.js';
import type { BattleDay } from './types.js';
import { dayKeyText, type BattleDayKey } from './war-days.js';
import type { DbHandle } from '../../db/handle.js';

/** war_day_decks.parts: where a day's decks went, per family clan. */
export const deckPartsSchema = z.array(
  z.object({ clanTag: z.string(), clanName: z.string().nullable(), decksUsed: z.number(), maxDecksUsed: z.number() }),
);

/** A battle day's report as stored once (war_day_reports + war_day_decks). */
export interface StoredDayReport {
  report: DeckReport;
  title: string;
  reportedAt: Date;
  /** the day's reset lies after this observation and no later than `endedBy`… */
  startedAfter: Date | null;
  /** …and the day's end was first seen at this one */
  endedBy: Date | null;
}

/** Keys ("137/2/3") of the battle days reported in `seasonId` or later. */
export async function reportedDayKeys(db: DbHandle, clanTag: string, sinceSeasonId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('war_day_reports')
    .where('clan_tag', '=', clanTag)
    .select(['season_id', 'section_index', 'day'])
    .where('season_id', '>=', sinceSeasonId)
    .execute();
  return new Set(
    rows.map((r) => dayKeyText({ seasonId: r.season_id, sectionIndex: r.section_index, day: r.day as BattleDay })),
  );
}

/**
 * Stores a day's report unless one exists: the primary key makes "each day reported once" hold
 * across instances. Returns false when the day was already reported.
 */
export async function insertDayReport(
  db: DbHandle,
  clanTag: string,
  stored: StoredDayReport,
  runId: number | null,
): Promise<boolean> {
  const { report } = stored;
  const result = await db
    .insertInto('war_day_reports')
    .values({
      clan_tag: clanTag,
      season_id: report.seasonId,
      section_index: report.sectionIndex,
      day: report.day,
      status: report.raceFinished ? 'race-finished' : 'reported',
      complete: report.complete ? 1 : 0,
      title: stored.title,
      day_started_after: stored.startedAfter ? toIso(stored.startedAfter) : null,
      day_ended_by: stored.endedBy ? toIso(stored.endedBy) : null,
      reported_at: toIso(stored.reportedAt),
      script_run_id: runId,
    })
    .onConflict((oc) => oc.columns(['clan_tag', 'season_id', 'section_index', 'day']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
  if (report.players.length > 0) {
    await db
      .insertInto('war_day_decks')
      .values(
        report.players.map((p) => ({
          clan_tag: clanTag,
          season_id: report.seasonId,
          section_index: report.sectionIndex,
          day: report.day,
          player_tag: p.tag,
          player_name: p.name,
          decks_used: p.decksUsed,
          decks_used_max: p.maxDecksUsed,
          status: p.status,
          parts: p.parts ? JSON.stringify(p.parts) : null,
          outside_family: p.outside ?? 0,
        })),
      )
      .execute();
  }
  return true;
}

export async function findDayReport(db: DbHandle, clanTag: string, key: BattleDayKey): Promise<StoredDayReport | null> {
  const row = await db
    .selectFrom('war_day_reports')
    .where('clan_tag', '=', clanTag)
    .selectAll()
    .where('season_id', '=', key.seasonId)
    .where('section_index', '=', key.sectionIndex)
    .where('day', '=', key.day)
    .executeTakeFirst();
  if (!row) return null;
  const decks = await db
    .selectFrom('war_day_decks')
    .where('clan_tag', '=', clanTag)
    .selectAll()
    .where('season_id', '=', key.seasonId)
    .where('section_index', '=', key.sectionIndex)
    .where('day', '=', key.day)
    .execute();
  const players: DeckReportPlayer[] = decks
    .map((d) => ({
      tag: d.player_tag,
      name: d.player_name,
      decksUsed: d.decks_used,
      maxDecksUsed: d.decks_used_max,
      status: d.status as DeckStatus,
      ...(d.parts ? { parts: deckPartsSchema.parse(JSON.parse(d.parts)) } : {}),
      ...(d.outside_family > 0 ? { outside: d.outside_family } : {}),
    }))
    .sort((a, b) => a.decksUsed - b.decksUsed || a.name.localeCompare(b.name) || a.tag.localeCompare(b.tag));
  return {
    report: {
      seasonId: row.season_id,
      sectionIndex: row.section_index,
      day: row.day as BattleDay,
      raceFinished: row.status === 'race-finished',
      complete: row.complete === 1,
      players,
    },
    title: row.title,
    reportedAt: new Date(row.reported_at),
    startedAfter: row.day_started_after ? new Date(row.day_started_after) : null,
    endedBy: row.day_ended_by ? new Date(row.day_ended_by) : null,
  };
}

/** The newest reported (season, week) whose battle day `day` is stored. */
export async function newestReportedWeekOfDay(
  db: DbHandle,
  clanTag: string,
  day: BattleDay,
): Promise<BattleDayKey | null> {
  const row = await db
    .selectFrom('war_day_reports')
    .where('clan_tag', '=', clanTag)
    .select(['season_id', 'section_index'])
    .where('day', '=', day)
    .orderBy('season_id', 'desc')
    .orderBy('section_index', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { seasonId: row.season_id, sectionIndex: row.section_index, day } : null;
}
