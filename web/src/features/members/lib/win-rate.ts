/** docs/product.md §9: wins / (wins + losses) as a percentage; null with no games played. */
export function winRate(wins: number | null, losses: number | null): number | null {
  const w = wins ?? 0;
  const games = w + (losses ?? 0);
  return games > 0 ? (w / games) * 100 : null;
}

/** One decimal ("54.3%"), or "—" with no games. */
export function formatWinRate(wins: number | null, losses: number | null): string {
  const rate = winRate(wins, losses);
  return rate === null ? '—' : `${rate.toFixed(1)}%`;
}
