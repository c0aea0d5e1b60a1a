import { z } from 'zod';
import { monthlyTopMessage } from '../../modules/war/discord-messages.js';
import { aggregateMonthly, rankByFame, type StoredWeekRow } from '../../modules/war/monthly.js';
import { rebuildMonthlySpotlight } from '../../modules/war/monthly-spotlight.repository.js';
import { listStoredWeekRows } from '../../modules/war/river-race.repository.js';
import {
  deleteClanSetting,
  readClanSetting,
  writeClanSetting,
} from '../../modules/settings/clan-settings.repository.js';
import { weekTitle } from '../../modules/war/titles.js';
import type { RiverRaceLogWeek } from '../../modules/war/types.js';
import type { DbHandle } from '../../db/handle.js';
import type { DiscordMessage, ScriptRunContext, ScriptWrite } from '../types.js';

/** A month whose final top 20 was posted without its last week (docs/war-tracking.md §7). */
const KEY = 'monthly-fame.provisional';
const provisionalSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  seasonId: z.number().int(),
  sectionIndex: z.number().int(),
});
export type ProvisionalMonth = z.infer<typeof provisionalSchema>;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export async function readProvisional(db: DbHandle, clanTag: string): Promise<ProvisionalMonth | null> {
  const text = await readClanSetting(db, clanTag, KEY);
  if (!text) return null;
  const parsed = provisionalSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

export function markProvisional(db: DbHandle, clanTag: string, month: ProvisionalMonth): Promise<void> {
  return writeClanSetting(db, clanTag, KEY, JSON.stringify(month));
}

/** The month's top 20 from what is stored plus the weeks this run stores. */
export async function monthTop(
  db: DbHandle,
  clanTag: string,
  adding: readonly RiverRaceLogWeek[],
  year: number,
  month: number,
) {
  const rows: StoredWeekRow[] = [
    ...(await listStoredWeekRows(db, clanTag)),
    ...adding.flatMap((w) =>
      w.participants.map((p) => ({
        seasonId: w.seasonId,
        sectionIndex: w.sectionIndex,
        playerTag: p.tag,
        playerName: p.name,
        fame: p.fame,
        decksUsed: p.decksUsed,
        createdDate: w.createdDate,
      })),
    ),
  ];
  const spotlight = aggregateMonthly(rows);
  const thisMonth = spotlight.filter((r) => r.year === year && r.month === month);
  const ranked = rankByFame(
    thisMonth.map((r) => ({ playerTag: r.playerTag, playerName: r.playerName, fameEarned: r.fameEarned })),
  );
  return { spotlight, thisMonth, ranked };
}

/**
 * When this run stores the week a posted top 20 was missing, the corrected top 20 of that month,
 * announced as a correction, and the spotlight rebuilt with it.
 */
export async function monthlyCorrection(
  ctx: ScriptRunContext,
  stored: readonly RiverRaceLogWeek[],
): Promise<{ line: string; discord: DiscordMessage[]; write: ScriptWrite } | null> {
  const db = ctx.app.db.kysely;
  const pending = await readProvisional(db, ctx.clanTag);
  const week =
    pending && stored.find((w) => w.seasonId === pending.seasonId && w.sectionIndex === pending.sectionIndex);
  if (!pending || !week) return null;
  const { ranked } = await monthTop(db, ctx.clanTag, stored, pending.year, pending.month);
  const label = `${MONTH_NAMES[pending.month - 1]} ${pending.year}`;
  const title = weekTitle(week.seasonId, week.sectionIndex, week.createdDate);
  const notice: DiscordMessage = {
    content:
      `**Correction · top war fame · ${label}**\nThe top 20 posted for ${label} did not ` +
      `include ${title}: the war log had not listed it yet. This is the complete list.`,
  };
  return {
    line: `Corrected top 20 of ${label} posted (${title} is now stored).`,
    discord: [notice, monthlyTopMessage(pending.year, pending.month, ranked)],
    write: async (trx) => {
      await rebuildMonthlySpotlight(trx, ctx.clanTag, ctx.clock.now());
      await deleteClanSetting(trx, ctx.clanTag, KEY);
    },
  };
}
