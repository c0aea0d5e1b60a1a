import type { MonthlyChampion } from '#contracts/public';

export type ChampionLabel = 'current' | 'co-champion' | null;

export interface LabelledChampion extends MonthlyChampion {
  label: ChampionLabel;
  /** docs/product.md §4: the champion on the rise gets a note that they lead the month in progress */
  leadingMonth: boolean;
}

const sameMonth = (a: MonthlyChampion, b: MonthlyChampion) => a.month === b.month && a.year === b.year;

/**
 * docs/product.md §4 champion display: the current champion gets a crown and "Current Champion";
 * a player tied with another player in the same month with the same fame, who is not
 * current, is a "Co-Champion".
 */
export function labelChampions(champions: readonly MonthlyChampion[]): LabelledChampion[] {
  return champions.map((c) => {
    const tied = champions.some((o) => o !== c && sameMonth(o, c) && o.fameEarned === c.fameEarned);
    const label: ChampionLabel = c.isCurrentChampion ? 'current' : tied ? 'co-champion' : null;
    return { ...c, label, leadingMonth: c.isChampionOnTheRise };
  });
}
