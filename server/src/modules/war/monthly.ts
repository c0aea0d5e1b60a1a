import type { MonthlyChampion } from '#contracts/public';
import { currentNewYorkMonth, monthOfWeekEnd } from './new-york.js';

/** One stored river_race_data row, as the monthly rules need it. */
export interface StoredWeekRow {
  seasonId: number;
  sectionIndex: number;
  playerTag: string;
  playerName: string;
  fame: number;
  decksUsed: number;
  createdDate: Date;
}

export interface SpotlightRow {
  year: number;
  month: number;
  playerTag: string;
  playerName: string;
  fameEarned: number;
  weeksCounted: number;
}

const monthKey = (year: number, month: number) => year * 100 + month;

/**
 * monthly_spotlight from river_race_data (docs/war-tracking.md): a week counts in the New York month of
 * its end; a player counts in a month when they used a deck or earned fame in it (the log also
 * lists members who never played, docs/clash-royale-api.md §7.3). The newest week's name wins. Pure and
 * total, so a rebuild from the same rows is identical (idempotent).
 */
export function aggregateMonthly(rows: readonly StoredWeekRow[]): SpotlightRow[] {
  const byKey = new Map<string, SpotlightRow & { nameAt: number }>();
  for (const r of rows) {
    if (r.fame <= 0 && r.decksUsed <= 0) continue;
    const { year, month } = monthOfWeekEnd(r.createdDate);
    const key = `${monthKey(year, month)}|${r.playerTag}`;
    const at = r.createdDate.getTime();
    const entry = byKey.get(key) ?? {
      year,
      month,
      playerTag: r.playerTag,
      playerName: r.playerName,
      fameEarned: 0,
      weeksCounted: 0,
      nameAt: at,
    };
    entry.fameEarned += r.fame;
    entry.weeksCounted += 1;
    if (at >= entry.nameAt) [entry.playerName, entry.nameAt] = [r.playerName, at];
    byKey.set(key, entry);
  }
  return [...byKey.values()]
    .map(({ nameAt: _nameAt, ...row }) => row)
    .sort(
      (a, b) =>
        monthKey(a.year, a.month) - monthKey(b.year, b.month) ||
        b.fameEarned - a.fameEarned ||
        a.playerTag.localeCompare(b.playerTag),
    );
}

export interface RankedEntry {
  rank: number;
  playerTag: string;
  playerName: string;
  fameEarned: number;
}

/**
 * Standard competition ranking (ties share a rank: 1, 2, 2, 4), fame first then name. Everyone
 * ranked within `limit` is kept, so a tie on the last place lists all tied players.
 */
export function rankByFame(rows: readonly Omit<RankedEntry, 'rank'>[], limit = 20): RankedEntry[] {
  const sorted = rows
    .filter((r) => r.fameEarned > 0)
    .sort(
      (a, b) =>
        b.fameEarned - a.fameEarned ||
        a.playerName.localeCompare(b.playerName) ||
        a.playerTag.localeCompare(b.playerTag),
    );
  const ranked: RankedEntry[] = [];
  sorted.forEach((r, i) => {
    const previous = ranked[i - 1];
    const rank = previous && previous.fameEarned === r.fameEarned ? previous.rank : i + 1;
    ranked.push({ ...r, rank });
  });
  return ranked.filter((r) => r.rank <= limit);
}

/**
 * The one current champion among the latest completed month's tied leaders
 * (docs/decisions/018-one-current-champion.md): the one who needed fewer war weeks for that fame,
 * then the lower player tag (a tag never changes, a name can).
 */
function crownOf(leaders: readonly SpotlightRow[]): SpotlightRow | undefined {
  return [...leaders].sort((a, b) => a.weeksCounted - b.weeksCounted || a.playerTag.localeCompare(b.playerTag))[0];
}

/**
 * Champions per month, newest first, the `limit` newest months with fame (12 on the public list,
 * docs/architecture.md §5; all of them on a member's page;
 * docs/decisions/006-champions.md): every player with the month's top fame is a row. One tied
 * leader of the latest completed month is the current champion (the others are co-champions);
 * all tied leaders of the month in progress (New York) are champions on the rise.
 */
export function monthlyChampions(rows: readonly SpotlightRow[], now: Date, limit = 12): MonthlyChampion[] {
  const months = new Map<number, SpotlightRow[]>();
  for (const r of rows) {
    if (r.fameEarned <= 0) continue;
    const key = monthKey(r.year, r.month);
    months.set(key, [...(months.get(key) ?? []), r]);
  }
  const current = currentNewYorkMonth(now);
  const currentKey = monthKey(current.year, current.month);
  const keys = [...months.keys()].sort((a, b) => b - a).slice(0, limit);
  const latestCompleted = keys.find((k) => k < currentKey);
  return keys.flatMap((key) => {
    const monthRows = months.get(key) ?? [];
    const top = Math.max(...monthRows.map((r) => r.fameEarned));
    const leaders = monthRows.filter((r) => r.fameEarned === top);
    const crowned = key === latestCompleted ? crownOf(leaders) : undefined;
    return leaders
      .sort((a, b) => a.playerName.localeCompare(b.playerName) || a.playerTag.localeCompare(b.playerTag))
      .map((r) => ({
        playerName: r.playerName,
        playerTag: r.playerTag,
        month: r.month,
        year: r.year,
        fameEarned: r.fameEarned,
        isCurrentChampion: r === crowned,
        isChampionOnTheRise: key === currentKey,
      }));
  });
}
